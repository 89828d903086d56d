package dev.restcompress.bench.proxies;

import dev.restcompress.bench.proxies.ProxyConfigs.Listener;
import java.util.List;

/**
 * One way of serving the payload: which proxy (none, nginx, Caddy, HAProxy) at which of its listeners, in front of
 * which app (the demo, the demo with its encoded-variant cache on, the demo at gzip level 1, or none: nginx's
 * {@code gzip_static}), asked for
 * which coding. Immutable.
 */
public record SetUp(String id, String proxy, Listener listener, App app, String coding, String what) {
    public static final String NONE = "none";
    public static final String NGINX = "nginx";
    public static final String CADDY = "caddy";
    public static final String HAPROXY = "haproxy";

    /** The app JVM behind the set-up. */
    public enum App { DEMO, CACHED_DEMO, GZIP_1_DEMO, NONE }

    /** Every set-up, in the order each round measures them (each proxy's rows together). */
    public static final List<SetUp> ALL = List.of(
            new SetUp("app-identity", NONE, null, App.DEMO, "identity", "the demo, identity, no proxy"),
            new SetUp("app-gzip", NONE, null, App.DEMO, "gzip", "the library's gzip-6 in the demo, no proxy"),
            new SetUp("app-zstd", NONE, null, App.DEMO, "zstd", "the library's zstd-3, no proxy"),
            new SetUp("app-br", NONE, null, App.DEMO, "br", "the library's br-4, no proxy"),
            new SetUp("app-gzip-1", NONE, null, App.GZIP_1_DEMO, "gzip", "the library's gzip-1 in the demo, no proxy"),
            new SetUp("app-cached-gzip", NONE, null, App.CACHED_DEMO, "gzip", "the library's cache (@CacheEncoded), no proxy"),
            new SetUp("nginx-identity", NGINX, Listener.PASS, App.DEMO, "identity", "identity through nginx (baseline)"),
            new SetUp("nginx-gzip-1", NGINX, Listener.GZIP_1, App.DEMO, "gzip", "nginx gzip level 1, app identity"),
            new SetUp("nginx-gzip-6", NGINX, Listener.GZIP_6, App.DEMO, "gzip", "nginx gzip level 6, app identity"),
            new SetUp("nginx-pass-gzip", NGINX, Listener.PASS, App.DEMO, "gzip", "the library's gzip-6, nginx passes it"),
            new SetUp("nginx-pass-gzip-1", NGINX, Listener.PASS_GZIP_1, App.GZIP_1_DEMO, "gzip",
                    "the library's gzip-1, nginx passes it"),
            new SetUp("nginx-brotli", NGINX, Listener.BROTLI, App.DEMO, "br", "nginx brotli filter, app identity"),
            new SetUp("nginx-pass-br", NGINX, Listener.PASS, App.DEMO, "br", "the library's br-4, nginx passes it"),
            new SetUp("nginx-pass-cached", NGINX, Listener.PASS_CACHED, App.CACHED_DEMO, "gzip",
                    "the library's cache (gzip), nginx passes it"),
            new SetUp("nginx-gzip-static", NGINX, Listener.GZIP_STATIC, App.NONE, "gzip",
                    "nginx gzip_static: a precompressed file, no app"),
            new SetUp("caddy-identity", CADDY, Listener.PASS, App.DEMO, "identity", "identity through Caddy"),
            new SetUp("caddy-gzip", CADDY, Listener.COMPRESS, App.DEMO, "gzip", "Caddy encode gzip, app identity"),
            new SetUp("caddy-pass-gzip", CADDY, Listener.PASS, App.DEMO, "gzip", "the library's gzip-6, Caddy passes it"),
            new SetUp("caddy-zstd", CADDY, Listener.COMPRESS, App.DEMO, "zstd", "Caddy encode zstd, app identity"),
            new SetUp("caddy-pass-zstd", CADDY, Listener.PASS, App.DEMO, "zstd", "the library's zstd-3, Caddy passes it"),
            new SetUp("haproxy-identity", HAPROXY, Listener.PASS, App.DEMO, "identity", "identity through HAProxy"),
            new SetUp("haproxy-gzip", HAPROXY, Listener.COMPRESS, App.DEMO, "gzip", "HAProxy compression gzip, app identity"),
            new SetUp("haproxy-pass-gzip", HAPROXY, Listener.PASS, App.DEMO, "gzip",
                    "the library's gzip-6, HAProxy passes it"));

    public static List<String> ids() {
        return ALL.stream().map(SetUp::id).toList();
    }

    public static SetUp byId(String id) {
        return ALL.stream().filter(s -> s.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown set-up " + id + " (" + ids() + ")"));
    }
}
