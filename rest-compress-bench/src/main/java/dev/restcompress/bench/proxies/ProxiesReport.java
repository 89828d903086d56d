package dev.restcompress.bench.proxies;

import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The proxies suite's results: {@code proxies.csv} (every step), {@code proxies-ratios.csv} (the ratios and the
 * in-app path cost, each from rounds paired in one run), a chart per payload and the report's section. Not
 * thread-safe: the suite's one thread fills it.
 */
final class ProxiesReport {
    static final String CSV = "proxies.csv";
    static final String RATIOS_CSV = "proxies-ratios.csv";

    /** A ratio of two set-ups' figures, against an "at most" goal (NaN: none) that may also ask for no more bytes. */
    record RatioDef(String label, String numerator, String denominator, double goal, boolean noMoreBytes) {}

    /** The in-app path: a coded set-up minus its identity twin, over the codec alone on the same body. */
    record PathDef(String label, String coding, String coded, String identity, double goal) {}

    /** One line of the ratio table and CSV. */
    record RatioRow(String ratio, String payload, double[] cpu, double[] served, double bytes, double goal,
            String verdict, int rounds) {}

    static final List<RatioDef> RATIOS = List.of(
            new RatioDef("library gzip-6 behind nginx / nginx gzip-6", "nginx-pass-gzip", "nginx-gzip-6", 0.5, true),
            new RatioDef("library gzip-6 behind nginx / nginx gzip-1", "nginx-pass-gzip", "nginx-gzip-1", 0.85, true),
            new RatioDef("library gzip-1 behind nginx / nginx gzip-1", "nginx-pass-gzip-1", "nginx-gzip-1", 0.85, true),
            new RatioDef("library gzip-6, no proxy / nginx gzip-6", "app-gzip", "nginx-gzip-6", Double.NaN, false),
            new RatioDef("library gzip-6, no proxy / nginx gzip-1", "app-gzip", "nginx-gzip-1", Double.NaN, false),
            new RatioDef("library gzip-1, no proxy / nginx gzip-1", "app-gzip-1", "nginx-gzip-1", Double.NaN, false),
            new RatioDef("library gzip-6 behind Caddy / Caddy gzip", "caddy-pass-gzip", "caddy-gzip", Double.NaN, false),
            new RatioDef("library gzip-6 behind HAProxy / HAProxy gzip", "haproxy-pass-gzip", "haproxy-gzip",
                    Double.NaN, false),
            new RatioDef("library zstd behind Caddy / Caddy zstd", "caddy-pass-zstd", "caddy-zstd", 1.0, true),
            new RatioDef("library br behind nginx / nginx brotli", "nginx-pass-br", "nginx-brotli", 1.0, true),
            new RatioDef("cached behind nginx / identity through nginx", "nginx-pass-cached", "nginx-identity", 1.0, false),
            new RatioDef("cached behind nginx / nginx gzip_static", "nginx-pass-cached", "nginx-gzip-static",
                    Double.NaN, false),
            new RatioDef("cached, no proxy / identity, no proxy", "app-cached-gzip", "app-identity", 1.0, false));

    static final List<PathDef> PATHS = List.of(
            new PathDef("in-app path cost gzip-6, no proxy", "gzip", "app-gzip", "app-identity", 1.15),
            new PathDef("in-app path cost gzip-6 behind nginx", "gzip", "nginx-pass-gzip", "nginx-identity", Double.NaN),
            new PathDef("in-app path cost zstd-3, no proxy", "zstd", "app-zstd", "app-identity", Double.NaN),
            new PathDef("in-app path cost br-4, no proxy", "br", "app-br", "app-identity", Double.NaN));

    private static final Table<ProxyStep> STEPS = new Table<ProxyStep>()
            .text("payload", "payload", ProxyStep::payload)
            .text("setup", "set-up", s -> s.setUp().id())
            .text("proxy", "proxy", s -> s.setUp().proxy())
            .text("coding", "coding", s -> s.setUp().coding())
            .text("round", "round", ProxyStep::round)
            .text("model", "model", ProxyStep::model)
            .number("offered_per_s", "offered", s -> s.step().offeredPerSecond(), 0)
            .withError("served_per_s", "req/s", s -> s.step().servedPerSecond(), s -> s.step().servedPerSecondError(), 0)
            .text("errors", "errors", s -> s.step().errors())
            .number("p50_us", "p50 µs", s -> s.step().p50Us(), 0)
            .number("p99_us", "p99 µs", s -> s.step().p99Us(), 0)
            .number("wire_bytes_per_response", "wire B", s -> s.step().wireBytesPerResponse(), 0)
            .number("cpu_us_per_response", "CPU µs/resp", ProxyStep::totalUs, 0)
            .number("app_cpu_us", "app", ProxyStep::appUs, 0)
            .number("proxy_cpu_us", "proxy", ProxyStep::proxyUs, 0)
            .number("user_cpu_us", "user", ProxyStep::userUs, 0)
            .number("system_cpu_us", "system", ProxyStep::systemUs, 0)
            .number("client_cpu_us", "generator", s -> s.step().clientCpuUsPerRequest(), 0)
            .csvOnly("first_error", s -> s.step().firstError());

    private static final Table<RatioRow> RATIO_TABLE = new Table<RatioRow>()
            .text("ratio", "ratio", RatioRow::ratio)
            .text("payload", "payload", RatioRow::payload)
            .column("cpu_ratio", "CPU/resp", r -> r.cpu()[0], r -> x(Markdown.withError(r.cpu()[0], r.cpu()[1], 2)))
            .csvOnly("cpu_ratio_err", r -> r.cpu()[1])
            .column("served_ratio", "req/s", r -> r.served()[0],
                    r -> x(Markdown.withError(r.served()[0], r.served()[1], 2)))
            .csvOnly("served_ratio_err", r -> r.served()[1])
            .column("bytes_ratio", "bytes", RatioRow::bytes, r -> x(Markdown.num(r.bytes(), 3)))
            .column("goal", "goal (at most)", RatioRow::goal, r -> Double.isNaN(r.goal()) ? "-" : x(Markdown.num(r.goal(), 2)))
            .text("verdict", "verdict", RatioRow::verdict)
            .csvOnly("rounds", RatioRow::rounds);

    private final ProxiesOptions po;
    private final List<String> payloads;
    private final List<ProxyStep> steps = new ArrayList<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();
    private final Map<String, String> versions = new LinkedHashMap<>();
    /** payload -> coding -> per round: CPU ns of the codec alone per body. */
    private final Map<String, Map<String, List<Double>>> codecNanos = new LinkedHashMap<>();
    private String pinning = "";

    ProxiesReport(ProxiesOptions po, List<String> payloads) {
        this.po = po;
        this.payloads = payloads;
    }

    void skip(String what, String why) {
        skipped.putIfAbsent(what, why);
    }

    boolean skipped(String what) {
        return skipped.containsKey(what);
    }

    Map<String, String> skipped() {
        return skipped;
    }

    void version(String proxy, String version) {
        versions.put(proxy, version);
    }

    void pinning(String describe) {
        pinning = describe;
    }

    void codec(String payload, String coding, double ns) {
        codecNanos.computeIfAbsent(payload, k -> new LinkedHashMap<>()).computeIfAbsent(coding, k -> new ArrayList<>())
                .add(ns);
    }

    void add(ProxyStep step) {
        steps.add(step);
    }

    private static String x(String s) {
        return s.equals("n/a") ? s : s + "x";
    }

    /** Per round, in order: {@code f} of the set-up's step in that model. */
    List<Double> perRound(String payload, String setUp, String model, ToDoubleFunction<ProxyStep> f) {
        return steps.stream().filter(s -> s.payload().equals(payload) && s.setUp().id().equals(setUp)
                && s.model().equals(model)).map(f::applyAsDouble).toList();
    }

    List<RatioRow> ratioRows() {
        List<RatioRow> rows = new ArrayList<>();
        for (RatioDef d : RATIOS) {
            for (String payload : payloads) {
                List<Double> cpu = RoundRatios.ratios(perRound(payload, d.numerator(), ProxyStep.CLOSED, ProxyStep::totalUs),
                        perRound(payload, d.denominator(), ProxyStep.CLOSED, ProxyStep::totalUs));
                if (cpu.isEmpty()) {
                    continue;
                }
                List<Double> served = RoundRatios.ratios(
                        perRound(payload, d.numerator(), ProxyStep.CLOSED, s -> s.step().servedPerSecond()),
                        perRound(payload, d.denominator(), ProxyStep.CLOSED, s -> s.step().servedPerSecond()));
                double bytes = RoundRatios.interval(RoundRatios.ratios(
                        perRound(payload, d.numerator(), ProxyStep.CLOSED, s -> s.step().wireBytesPerResponse()),
                        perRound(payload, d.denominator(), ProxyStep.CLOSED, s -> s.step().wireBytesPerResponse())))[0];
                double[] c = RoundRatios.interval(cpu);
                rows.add(new RatioRow(d.label(), payload, c, RoundRatios.interval(served), bytes, d.goal(),
                        RoundRatios.verdict(c, d.goal(), !d.noMoreBytes() || bytes <= 1.0), cpu.size()));
            }
        }
        for (PathDef d : PATHS) {
            for (String payload : payloads) {
                List<Double> codec = codecNanos.getOrDefault(payload, Map.of()).getOrDefault(d.coding(), List.of())
                        .stream().map(ns -> ns / 1000).toList();
                List<Double> cost = RoundRatios.pathCost(perRound(payload, d.coded(), ProxyStep.CLOSED, ProxyStep::totalUs),
                        perRound(payload, d.identity(), ProxyStep.CLOSED, ProxyStep::totalUs), codec);
                if (cost.isEmpty()) {
                    continue;
                }
                double[] c = RoundRatios.interval(cost);
                rows.add(new RatioRow(d.label() + " (codec alone " + Markdown.mean(codec, 0) + " µs)", payload, c,
                        new double[] {Double.NaN, Double.NaN}, Double.NaN, d.goal(), RoundRatios.verdict(c, d.goal(), true),
                        cost.size()));
            }
        }
        return rows;
    }

    /** Writes the CSV files, the charts and the section; returns the files written. */
    List<String> write(Path dir, Markdown md) {
        List<String> files = new ArrayList<>(List.of(CSV, RATIOS_CSV));
        STEPS.writeCsv(steps, dir.resolve(CSV));
        List<RatioRow> ratios = ratioRows();
        RATIO_TABLE.writeCsv(ratios, dir.resolve(RATIOS_CSV));
        md.heading(2, "HTTP proxies: compressing in the app or in the reverse proxy");
        md.paragraph("Each set-up serves `GET /rest/static/<file>` of the demo (RESTEasy + Undertow, this library, "
                + "`rest-compress.adaptive=off`, the cache off but in the `cached` rows, "
                + "gzip at level 6 but in the `gzip-1` rows, a separate demo JVM with `rest-compress.gzip.level=1`), directly or through a "
                + "reverse proxy the bench started on 127.0.0.1 with a generated configuration (`proxies-*.conf`, "
                + "`proxies-Caddyfile`, `proxies-haproxy.cfg` in this folder). Where the proxy compresses, it removes "
                + "`Accept-Encoding` upstream so the app answers identity; where it passes, the app compresses and the "
                + "proxy forwards the bytes. " + po.rounds + " round(s); in each, every set-up in turn: 0.5 s of "
                + "re-warm-up, then " + po.seconds + " s at saturation (closed model, " + po.closedConnections
                + " connections) and " + po.seconds + " s at half the served rate of that step (open model, up to "
                + po.openConnections + " connections). CPU per response: utime + stime (`/proc/<pid>/stat`) of the "
                + "app JVM and of the proxy's processes (nginx master + worker) over the step, per response; the "
                + "generator runs apart. " + pinning + ". Figures are means over the rounds ± the 95% interval; "
                + "ratios are taken per round (both set-ups in the same round) and then averaged. "
                + "Proxies: " + (versions.isEmpty() ? "none started" : String.join("; ", versions.values()))
                + "; nginx brotli at `brotli_comp_level " + ProxiesBench.brotliLevel() + "` (the library's default br "
                + "level; the module's own default is 6); HAProxy at its default `tune.comp.maxlevel` 1; Caddy at its "
                + "default levels. The `.gz` files of `gzip_static` were written by the library's gzip (level 6).");
        skipped.forEach((what, why) -> md.paragraph("**" + what + " left out:** " + why));
        for (String payload : payloads) {
            md.paragraph("**" + payload + "**: closed model at saturation, and the open model at half of it");
            List<List<String>> rows = new ArrayList<>();
            for (SetUp s : SetUp.ALL) {
                if (perRound(payload, s.id(), ProxyStep.CLOSED, ProxyStep::totalUs).isEmpty()) {
                    continue;
                }
                rows.add(List.of(s.id(), s.what(), mean(payload, s, ProxyStep.CLOSED, t -> t.step().servedPerSecond(), 0),
                        mean(payload, s, ProxyStep.CLOSED, ProxyStep::totalUs, 0),
                        mean(payload, s, ProxyStep.CLOSED, ProxyStep::appUs, 0) + " / "
                                + mean(payload, s, ProxyStep.CLOSED, ProxyStep::proxyUs, 0),
                        mean(payload, s, ProxyStep.CLOSED, ProxyStep::userUs, 0) + " / "
                                + mean(payload, s, ProxyStep.CLOSED, ProxyStep::systemUs, 0),
                        mean(payload, s, ProxyStep.CLOSED, t -> t.step().wireBytesPerResponse(), 0),
                        mean(payload, s, ProxyStep.CLOSED, t -> t.step().p50Us(), 0) + " / "
                                + mean(payload, s, ProxyStep.CLOSED, t -> t.step().p99Us(), 0),
                        mean(payload, s, ProxyStep.OPEN, t -> t.step().servedPerSecond(), 0),
                        mean(payload, s, ProxyStep.OPEN, t -> t.step().p50Us(), 0) + " / "
                                + mean(payload, s, ProxyStep.OPEN, t -> t.step().p99Us(), 0),
                        mean(payload, s, ProxyStep.OPEN, ProxyStep::totalUs, 0),
                        Long.toString(steps.stream().filter(t -> t.payload().equals(payload) && t.setUp() == s)
                                .mapToLong(t -> t.step().errors()).sum())));
            }
            md.table(List.of("set-up", "what", "req/s", "CPU µs/resp", "app / proxy", "user / system", "wire B/resp",
                    "p50 / p99 µs", "half load req/s", "half load p50 / p99 µs", "half load CPU µs/resp", "errors"), rows);
            String png = "proxies-" + payload.replaceAll("\\.[^.]*$", "").replaceAll("[^A-Za-z0-9.-]", "_") + ".png";
            chart(payload, dir.resolve(png));
            files.add(png);
            md.paragraph("![CPU per response against bytes, " + payload + "](" + png + ")");
        }
        md.paragraph("**Ratios** (per round, closed model at saturation; CPU/resp: total CPU per response, app + proxy; "
                + "bytes: wire bytes per response; a goal is met when the whole interval is at or below it, and, where "
                + "it asks for no more bytes, the bytes ratio is at most 1). *In-app path cost*: (CPU per response of "
                + "the coded set-up - of its identity twin) / the codec alone on the same body (CPU time of one thread "
                + "of the generator's JVM, `CodecRegistry.defaults()`, the demo's levels, once per round); 1.0 would "
                + "be the codec and nothing else.");
        RATIO_TABLE.markdown(md, ratios);
        return files;
    }

    private String mean(String payload, SetUp s, String model, ToDoubleFunction<ProxyStep> f, int digits) {
        List<Double> v = perRound(payload, s.id(), model, f);
        return v.isEmpty() ? "n/a" : Markdown.mean(v, digits);
    }

    /** CPU per response against wire bytes per response, one series per proxy, each point named by its set-up. */
    private void chart(String payload, Path file) {
        XyChart chart = new XyChart("CPU per response vs bytes, " + payload + " (closed model; app + proxy)",
                "wire bytes per response", "CPU µs per response", true, false);
        int colour = 0;
        for (String proxy : List.of(SetUp.NONE, SetUp.NGINX, SetUp.CADDY, SetUp.HAPROXY)) {
            List<XyChart.Point> points = new ArrayList<>();
            for (SetUp s : SetUp.ALL) {
                if (!s.proxy().equals(proxy)) {
                    continue;
                }
                List<Double> cpu = perRound(payload, s.id(), ProxyStep.CLOSED, ProxyStep::totalUs);
                if (cpu.isEmpty()) {
                    continue;
                }
                double[] c = RoundRatios.interval(cpu);
                double bytes = RoundRatios.interval(perRound(payload, s.id(), ProxyStep.CLOSED,
                        t -> t.step().wireBytesPerResponse()))[0];
                points.add(new XyChart.Point(bytes, c[0], c[1], s.id()));
            }
            chart.add(new XyChart.Series(proxy.equals(SetUp.NONE) ? "no proxy" : proxy, points, false, false), colour++);
        }
        chart.writePng(file);
    }
}
