package dev.restcompress.bench.proxies;

import dev.restcompress.bench.core.CodecCpuTime;
import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ExternalCommand;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.proxies.ProxyConfigs.Listener;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.CpuPinning;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;
import dev.restcompress.config.CacheSettings;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The proxies suite (bench README, "Proxies"): the demo in its own JVM with nginx, Caddy and HAProxy started in front
 * of it, every set-up ({@link SetUp}) measured in turn in each round, at saturation (closed model) and at half of it
 * (open model), with the CPU time of the app JVM and of the proxy's processes over the same window. A proxy that is
 * not installed or does not start is left out with one line. {@link ProxiesReport} writes the results.
 */
public final class ProxiesBench {
    private static final long TIMEOUT_MS = 10_000;
    private static final String INSTALL_HINT = "(scripts/bench.sh installs it as root with "
            + "rest-compress-bench/scripts/install-proxies.sh)";

    private final SuiteContext ctx;
    private final ProxiesOptions po;
    private final Map<SetUp.App, ServerProcess> apps = new EnumMap<>(SetUp.App.class);
    private final Map<String, ProxyProcess> proxies = new LinkedHashMap<>();
    private final Map<String, Map<Listener, Integer>> ports = new LinkedHashMap<>();
    private final ProxiesReport report;

    private ProxiesBench(SuiteContext ctx, ProxiesOptions po, ProxiesReport report) {
        this.ctx = ctx;
        this.po = po;
        this.report = report;
    }

    /** Runs the suite; {@code pin}: app and proxies on the last core, the generator on the others. */
    public static List<String> run(SuiteContext ctx, ProxiesOptions po, boolean pin) throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<String> payloads = po.payloads.stream().filter(n -> Files.isRegularFile(ctx.corpus().resolve(n))).toList();
        ProxiesReport report = new ProxiesReport(po, payloads);
        po.payloads.stream().filter(n -> !payloads.contains(n))
                .forEach(n -> report.skip("payload " + n, "no such file in " + ctx.corpus()));
        ProxiesBench b = new ProxiesBench(ctx, po, report);
        Path staticRoot = b.writeStaticFiles(payloads);
        try (CpuPinning pinning = CpuPinning.apply(pin)) {
            report.pinning(pinning.describe());
            try {
                b.startApps(pinning.serverPrefix());
                b.startProxies(pinning.serverPrefix(), staticRoot);
                List<SetUp> setUps = b.active();
                progress.report("proxies suite: " + setUps.size() + " set-up(s), payloads " + payloads + ", "
                        + po.rounds + " round(s) of " + po.seconds + " s per set-up and model; " + pinning.describe());
                for (String payload : payloads) {
                    b.measure(payload, setUps);
                }
            } finally {
                for (ProxyProcess p : b.proxies.values()) {
                    p.close();
                }
                for (ServerProcess s : b.apps.values()) {
                    s.close();
                }
            }
        }
        return report.write(ctx.out(), ctx.md());
    }

    /** {@code proxies-static/<name>} and {@code <name>.gz} (the library's gzip at its default level) for gzip_static. */
    private Path writeStaticFiles(List<String> payloads) throws IOException {
        Path dir = ctx.out().resolve("proxies-static");
        Files.createDirectories(dir);
        Codec gzip = CodecRegistry.defaults().forCoding("gzip");
        for (String name : payloads) {
            byte[] body = Corpus.read(ctx.corpus(), name);
            byte[] out = new byte[gzip.maxCompressedLength(body.length)];
            int n = gzip.compress(body, 0, body.length, out, 0);
            Files.write(dir.resolve(name), body);
            Files.write(dir.resolve(name + ".gz"), java.util.Arrays.copyOf(out, n));
        }
        return dir;
    }

    private void startApps(List<String> prefix) throws IOException, InterruptedException {
        List<SetUp.App> wanted = po.setUps.stream().map(SetUp::byId).map(SetUp::app).toList();
        startApp(SetUp.App.DEMO, prefix, List.of(), "proxies-app.log");
        if (wanted.contains(SetUp.App.CACHED_DEMO)) {
            // the demo's /rest/static is @CacheEncoded; ServerProcess turns the cache off, a later -D turns it back on
            startApp(SetUp.App.CACHED_DEMO, prefix, List.of("-D" + CacheSettings.MODE + "=annotated"),
                    "proxies-app-cached.log");
        }
        if (wanted.contains(SetUp.App.GZIP_1_DEMO)) {
            // like for like with nginx's gzip level 1: the library's one-shot gzip (libdeflate) at level 1
            startApp(SetUp.App.GZIP_1_DEMO, prefix, List.of("-D" + Levels.levelKey("gzip") + "=1"),
                    "proxies-app-gzip-1.log");
        }
    }

    private void startApp(SetUp.App app, List<String> prefix, List<String> extra, String log)
            throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>(ServerProcess.defaultJvmOptions());
        if (po.quick) {
            jvm.add("-XX:TieredStopAtLevel=1"); // the smoke run measures nothing: C1 alone starts the JVM sooner
        }
        jvm.addAll(extra);
        ServerProcess p = ServerProcess.start(new ServerProcess.Spec(prefix, jvm, List.of(), BenchServerMain.OURS,
                "127.0.0.1", ctx.corpus(), ctx.out().resolve(log)));
        apps.put(app, p);
        ctx.progress().report("proxies suite: demo " + String.join(" ", extra) + " on 127.0.0.1:" + p.port()
                + " (pid " + p.pid() + ", log " + log + ")");
    }

    private void startProxies(List<String> prefix, Path staticRoot) throws InterruptedException {
        Path out = ctx.out();
        int app = apps.get(SetUp.App.DEMO).port();
        ServerProcess cachedApp = apps.get(SetUp.App.CACHED_DEMO);
        ServerProcess gzip1App = apps.get(SetUp.App.GZIP_1_DEMO);
        for (String proxy : List.of(SetUp.NGINX, SetUp.CADDY, SetUp.HAPROXY)) {
            Map<Listener, Integer> listeners = new EnumMap<>(Listener.class);
            po.setUps.stream().map(SetUp::byId).filter(s -> s.proxy().equals(proxy)).forEach(s -> {
                if (s.listener() == Listener.BROTLI && !Files.isRegularFile(ProxyConfigs.NGINX_BROTLI_MODULE)) {
                    report.skip(s.id(), "nginx's brotli module " + ProxyConfigs.NGINX_BROTLI_MODULE + " is not installed "
                            + INSTALL_HINT);
                } else {
                    listeners.computeIfAbsent(s.listener(), l -> freePort());
                }
            });
            if (listeners.isEmpty()) {
                continue;
            }
            Path binary = binary(proxy);
            if (binary == null) {
                report.skip(proxy, proxy + " is not installed " + INSTALL_HINT);
                continue;
            }
            try {
                List<String> cmd;
                Map<String, String> env = Map.of();
                switch (proxy) {
                    case SetUp.NGINX -> {
                        for (String t : new String[] {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"}) {
                            Files.createDirectories(out.resolve("nginx-temp").resolve(t));
                        }
                        Path conf = write("proxies-nginx.conf", ProxyConfigs.nginx(out, app,
                                cachedApp == null ? app : cachedApp.port(), gzip1App == null ? app : gzip1App.port(),
                                listeners, staticRoot,
                                ProxyConfigs.NGINX_BROTLI_MODULE, brotliLevel(),
                                "root".equals(System.getProperty("user.name"))));
                        cmd = List.of(binary.toString(), "-e", out.resolve("nginx-error.log").toString(),
                                "-p", out.toString(), "-c", conf.toString());
                        report.version(proxy, firstLine(List.of(binary.toString(), "-v")).replace("nginx version: nginx/", "nginx ")
                                + " (gzip: zlib)");
                    }
                    case SetUp.CADDY -> {
                        Path conf = write("proxies-Caddyfile", ProxyConfigs.caddy(app, listeners));
                        Path home = out.resolve("caddy-home");
                        Files.createDirectories(home);
                        env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.toString(), "XDG_DATA_HOME",
                                home.toString());
                        cmd = List.of(binary.toString(), "run", "--config", conf.toString(), "--adapter", "caddyfile");
                        report.version(proxy, "Caddy " + firstLine(List.of(binary.toString(), "version")));
                    }
                    default -> {
                        Path conf = write("proxies-haproxy.cfg", ProxyConfigs.haproxy(app, listeners));
                        cmd = List.of(binary.toString(), "-db", "-f", conf.toString());
                        String vv = ExternalCommand.run(List.of(binary.toString(), "-vv"), true, 10);
                        report.version(proxy, haproxyVersion(vv));
                    }
                }
                ProxyProcess p = ProxyProcess.start(proxy, prefix, cmd, env, out.resolve("proxies-" + proxy + ".log"),
                        listeners.values());
                proxies.put(proxy, p);
                ports.put(proxy, listeners);
                ctx.progress().report("proxies suite: " + proxy + " (pid " + p.pid() + ") listening on " + listeners);
            } catch (IOException e) {
                report.skip(proxy, proxy + " did not start: " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
    }

    /** "HAProxy 2.6.12-1+deb12u4, compression: libslz" from {@code haproxy -vv}: which deflate engine this build has. */
    static String haproxyVersion(String vv) {
        String version = vv.lines().findFirst().orElse("").replaceAll("^HAProxy version (\\S+).*", "$1");
        String engine = vv.lines().map(String::trim).filter(l -> l.startsWith("Built with libslz")
                || l.startsWith("Built with zlib")).map(l -> l.replaceAll("^Built with (libslz|zlib)\\b.*", "$1"))
                .findFirst().orElse("engine not named by -vv");
        return "HAProxy " + version + " (compression: " + engine + ")";
    }

    /** The library's default brotli level, which nginx's filter is set to so the two compare the same job. */
    static int brotliLevel() {
        return CodingProviders.get("br").levels().defaultLevel();
    }

    private Path write(String name, String text) throws IOException {
        Path p = ctx.out().resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static String firstLine(List<String> cmd) throws IOException, InterruptedException {
        return ExternalCommand.run(cmd, true, 10).lines().findFirst().orElse("").trim();
    }

    /** The proxy's executable on the PATH or in /usr/sbin (root's tools), or null. */
    private static Path binary(String name) {
        String path = Objects.requireNonNullElse(System.getenv("PATH"), "") + File.pathSeparator + "/usr/sbin";
        return Stream.of(path.split(File.pathSeparator)).filter(d -> !d.isEmpty()).map(d -> Path.of(d, name))
                .filter(Files::isExecutable).findFirst().orElse(null);
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The set-ups asked for whose proxy and app run; the others were skipped with a line. */
    private List<SetUp> active() {
        List<SetUp> out = new ArrayList<>();
        for (String id : po.setUps) {
            SetUp s = SetUp.byId(id);
            boolean proxyUp = s.proxy().equals(SetUp.NONE)
                    || proxies.containsKey(s.proxy()) && ports.get(s.proxy()).containsKey(s.listener());
            if (proxyUp && (s.app() == SetUp.App.NONE || apps.containsKey(s.app()))) {
                out.add(s);
            } else if (!report.skipped(s.id()) && !report.skipped(s.proxy())) {
                report.skip(s.id(), "its proxy or app did not start");
            }
        }
        report.skipped().forEach((what, why) -> ctx.progress().report("proxies suite: leaving out " + what + ": " + why));
        return out;
    }

    private int port(SetUp s) {
        return s.proxy().equals(SetUp.NONE) ? apps.get(s.app()).port() : ports.get(s.proxy()).get(s.listener());
    }

    private void measure(String payload, List<SetUp> setUps) throws InterruptedException {
        LoadGenerator.Payload p = Payloads.payload(ctx.corpus(), payload, Payloads.STATIC);
        Map<SetUp, LoadGenerator> gens = new LinkedHashMap<>();
        for (SetUp s : setUps) {
            LoadGenerator g = new LoadGenerator("127.0.0.1", port(s), LoadGenerator.payloads(List.of(p), po.verifyEvery),
                    (int) TIMEOUT_MS);
            gens.put(s, g);
            LoadStep w = g.run(payload + " " + s.id() + " warm-up", s.coding(), 0, po.closedConnections, 0,
                    po.warmUpSeconds, null);
            ctx.progress().report(w.describeWarmUp());
        }
        for (int round = 1; round <= po.rounds; round++) {
            for (var e : gens.entrySet()) {
                SetUp s = e.getKey();
                LoadGenerator g = e.getValue();
                if (!po.quick) { // the JIT and caches back on this set-up's path after the others ran
                    g.run(s.id() + " re-warm", s.coding(), 0, po.closedConnections, 0, 0.5, null);
                }
                ProxyStep closed = step(payload, s, round, ProxyStep.CLOSED, g, 0, po.closedConnections);
                double half = closed.step().servedPerSecond() / 2;
                if (half > 0) {
                    step(payload, s, round, ProxyStep.OPEN, g, half, po.openConnections);
                } else {
                    ctx.progress().report("round " + round + ": " + s.id() + " served nothing at saturation: no open step");
                }
            }
            for (String coding : List.of("gzip", "zstd", "br")) {
                if (setUps.stream().anyMatch(s -> s.coding().equals(coding))) {
                    double ns = CodecCpuTime.nanosPerBody(CodecRegistry.defaults().forCoding(coding), p.expected(), 0.3,
                            po.codecSeconds);
                    report.codec(payload, coding, ns);
                    ctx.progress().report("round " + round + ": " + coding + " codec alone on " + payload + ": "
                            + Math.round(ns / 1000) + " us CPU per body");
                }
            }
        }
    }

    private ProxyStep step(String payload, SetUp s, int round, String model, LoadGenerator g, double rate,
            int connections) throws InterruptedException {
        ServerProcess app = apps.get(s.app());
        ProxyProcess proxy = proxies.get(s.proxy());
        ProcCpu.Times app0 = app == null ? ProcCpu.Times.NONE : ProcCpu.tree(app.pid());
        ProcCpu.Times proxy0 = proxy == null ? ProcCpu.Times.NONE : proxy.cpu();
        LoadStep r = g.run(payload + " " + s.id() + " " + model, s.coding(), rate, connections, 0, po.seconds, null);
        ProcCpu.Times appCpu = app == null ? ProcCpu.Times.NONE : ProcCpu.tree(app.pid()).minus(app0);
        ProcCpu.Times proxyCpu = proxy == null ? ProcCpu.Times.NONE : proxy.cpu().minus(proxy0);
        ProxyStep step = new ProxyStep(payload, s, round, model, r, appCpu, proxyCpu);
        report.add(step);
        ctx.progress().report(String.format(java.util.Locale.ROOT, "round %d: %s | CPU %.0f us/resp (app %.0f, proxy %.0f)",
                round, r.describe(), step.totalUs(), step.appUs(), step.proxyUs()));
        return step;
    }
}
