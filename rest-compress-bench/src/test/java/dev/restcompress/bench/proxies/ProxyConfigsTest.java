package dev.restcompress.bench.proxies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.bench.core.ExternalCommand;
import dev.restcompress.bench.proxies.ProxyConfigs.Listener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated proxy configurations: what each listener does, and, where the proxy is installed, that the proxy
 * itself accepts the file ({@code nginx -t}, {@code caddy adapt}, {@code haproxy -c}); without it that part is skipped.
 */
class ProxyConfigsTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");
    private static final Path CADDY = Path.of("/usr/bin/caddy");
    private static final Path HAPROXY = Path.of("/usr/sbin/haproxy");

    @TempDir
    Path dir;

    private static Map<Listener, Integer> ports(Listener... listeners) {
        Map<Listener, Integer> m = new EnumMap<>(Listener.class);
        for (int i = 0; i < listeners.length; i++) {
            m.put(listeners[i], 41000 + i);
        }
        return m;
    }

    /** The text of the server or site block that listens on {@code port}. */
    private static String block(String conf, String start, int port) {
        int at = conf.indexOf(start + port);
        assertTrue(at >= 0, "no listener on " + port + " in\n" + conf);
        int next = conf.indexOf(start, at + 1);
        return conf.substring(at, next < 0 ? conf.length() : next);
    }

    @Test
    void nginxCompressesOnlyWhereAskedAndAsksTheAppForIdentityThere() throws Exception {
        Map<Listener, Integer> p = ports(Listener.PASS, Listener.PASS_CACHED, Listener.PASS_GZIP_1, Listener.GZIP_1,
                Listener.GZIP_6, Listener.BROTLI, Listener.GZIP_STATIC);
        Path statics = Files.createDirectories(dir.resolve("static"));
        String conf = ProxyConfigs.nginx(dir, 40001, 40002, 40003, p, statics, ProxyConfigs.NGINX_BROTLI_MODULE, 4, false);

        assertEquals(7, Pattern.compile("listen 127\\.0\\.0\\.1:").matcher(conf).results().count(), conf);
        assertFalse(conf.contains("listen 0") || conf.contains("listen *"), "loopback only");
        assertTrue(conf.contains("daemon off;") && conf.contains("worker_processes 1;"), conf);
        assertTrue(conf.contains("server 127.0.0.1:40001;") && conf.contains("server 127.0.0.1:40002;")
                && conf.contains("server 127.0.0.1:40003;"), conf);
        assertTrue(conf.contains("load_module " + ProxyConfigs.NGINX_BROTLI_MODULE + ";"), conf);
        for (Listener passing : List.of(Listener.PASS, Listener.PASS_CACHED, Listener.PASS_GZIP_1)) {
            String b = block(conf, "listen 127.0.0.1:", p.get(passing));
            assertFalse(b.contains("Accept-Encoding") || b.contains("gzip on") || b.contains("brotli on"), b);
        }
        assertTrue(block(conf, "listen 127.0.0.1:", p.get(Listener.PASS_CACHED)).contains("proxy_pass http://cached_app;"));
        assertTrue(block(conf, "listen 127.0.0.1:", p.get(Listener.PASS_GZIP_1)).contains("proxy_pass http://gzip1_app;"));
        String gzip1 = block(conf, "listen 127.0.0.1:", p.get(Listener.GZIP_1));
        String gzip6 = block(conf, "listen 127.0.0.1:", p.get(Listener.GZIP_6));
        String brotli = block(conf, "listen 127.0.0.1:", p.get(Listener.BROTLI));
        assertTrue(gzip1.contains("gzip_comp_level 1;") && gzip6.contains("gzip_comp_level 6;"), gzip1 + gzip6);
        assertTrue(brotli.contains("brotli on;") && brotli.contains("brotli_comp_level 4;"), brotli);
        for (String compressing : List.of(gzip1, gzip6, brotli)) {
            assertTrue(compressing.contains("proxy_set_header Accept-Encoding \"\";"), compressing);
            assertTrue(compressing.contains("proxy_pass http://app;"), compressing);
        }
        String statik = block(conf, "listen 127.0.0.1:", p.get(Listener.GZIP_STATIC));
        assertTrue(statik.contains("alias " + statics + "/;") && statik.contains("gzip_static on;"), statik);
        assertFalse(statik.contains("proxy_pass"), statik);

        if (Files.isExecutable(NGINX) && Files.isRegularFile(ProxyConfigs.NGINX_BROTLI_MODULE)) {
            for (String t : new String[] {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"}) {
                Files.createDirectories(dir.resolve("nginx-temp").resolve(t));
            }
            Path file = Files.writeString(dir.resolve("nginx.conf"), conf);
            ExternalCommand.run(List.of(NGINX.toString(), "-t", "-e", dir.resolve("error.log").toString(), "-p",
                    dir.toString(), "-c", file.toString()), true, 30); // throws with nginx's message if it refuses
        }
    }

    @Test
    void nginxWithoutABrotliListenerLoadsNoModule() {
        String conf = ProxyConfigs.nginx(dir, 40001, 40002, 40003, ports(Listener.PASS), dir, ProxyConfigs.NGINX_BROTLI_MODULE,
                4, true);
        assertFalse(conf.contains("load_module"), conf);
        assertTrue(conf.contains("user root root;"), "as root the worker runs as root: it reads the results folder");
        assertThrows(IllegalArgumentException.class,
                () -> ProxyConfigs.nginx(dir, 1, 2, 3, ports(Listener.COMPRESS), dir, null, 4, false));
    }

    @Test
    void caddyEncodesOnlyOnItsCompressSiteAndStripsAcceptEncodingThere() throws Exception {
        Map<Listener, Integer> p = ports(Listener.PASS, Listener.COMPRESS);
        String conf = ProxyConfigs.caddy(40001, p);
        String pass = block(conf, "http://127.0.0.1:", p.get(Listener.PASS));
        String compress = block(conf, "http://127.0.0.1:", p.get(Listener.COMPRESS));
        assertTrue(compress.contains("encode zstd gzip") && compress.contains("header_up -Accept-Encoding"), compress);
        assertFalse(pass.contains("encode") || pass.contains("Accept-Encoding"), pass);
        assertEquals(2, Pattern.compile("bind 127\\.0\\.0\\.1").matcher(conf).results().count(), conf);
        assertTrue(conf.contains("admin off") && conf.contains("auto_https off"), conf);
        assertThrows(IllegalArgumentException.class, () -> ProxyConfigs.caddy(1, ports(Listener.GZIP_6)));

        if (Files.isExecutable(CADDY)) {
            Path file = Files.writeString(dir.resolve("Caddyfile"), conf);
            String json = ExternalCommand.run(List.of(CADDY.toString(), "adapt", "--config", file.toString(), "--adapter",
                    "caddyfile"), false, 30);
            assertTrue(json.contains("\"encodings\"") && json.contains("\"zstd\"") && json.contains("\"gzip\""), json);
        }
    }

    @Test
    void haproxyCompressesOnItsCompressFrontendWithOffload() throws Exception {
        Map<Listener, Integer> p = ports(Listener.PASS, Listener.COMPRESS);
        String conf = ProxyConfigs.haproxy(40001, p);
        String pass = conf.substring(conf.indexOf("frontend pass"), conf.indexOf("frontend compress"));
        String compress = conf.substring(conf.indexOf("frontend compress"));
        assertTrue(compress.contains("bind 127.0.0.1:" + p.get(Listener.COMPRESS)), compress);
        assertTrue(compress.contains("compression algo gzip") && compress.contains("compression offload"), compress);
        assertFalse(pass.contains("compression"), pass);
        assertTrue(conf.contains("nbthread 1") && conf.contains("server app 127.0.0.1:40001"), conf);
        assertThrows(IllegalArgumentException.class, () -> ProxyConfigs.haproxy(1, ports(Listener.BROTLI)));

        if (Files.isExecutable(HAPROXY)) {
            Path file = Files.writeString(dir.resolve("haproxy.cfg"), conf);
            ExternalCommand.run(List.of(HAPROXY.toString(), "-c", "-f", file.toString()), true, 30);
        }
    }

    @Test
    void haproxyVersionNamesItsCompressionEngine() {
        String vv = """
                HAProxy version 2.6.12-1+deb12u4 2026/10/17 - https://haproxy.org/
                Status: long-term supported branch - will stop receiving fixes around Q2 2027.
                Built with libslz for stateless compression.
                Compression algorithms supported : identity("identity"), deflate("deflate"), gzip("gzip")
                """;
        assertEquals("HAProxy 2.6.12-1+deb12u4 (compression: libslz)", ProxiesBench.haproxyVersion(vv));
        Matcher zlib = Pattern.compile("zlib").matcher(ProxiesBench.haproxyVersion(
                "HAProxy version 2.4.0 2021/05/14\nBuilt with zlib version : 1.2.11\n"));
        assertTrue(zlib.find());
    }
}
