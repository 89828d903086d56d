package dev.restcompress.bench.soak;

import dev.restcompress.bench.http.HttpConnection;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.gzip.GzipProvider;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The soak's request catalogue and its checks: GETs in every coding, POST /echo with bodies the library's own codecs
 * compressed, and attacks (bombs, truncated bodies, unknown codings, garbage {@code Accept-Encoding}, hang-ups).
 * A GET's expected body is its identity response, fetched twice before the soak to prove it stable. Immutable.
 */
final class Workload {
    /**
     * One request sent again and again (with a body: a POST), counted under {@code category} ({@code get zstd},
     * {@code bomb gzip}...). {@code expectCoding}: {@code ""} for none, null for any that decodes;
     * {@code expectBody}: the decoded body, or null when not checked; {@code partialBytes}: for hang-ups, the
     * bytes read or sent before the reset.
     */
    record Probe(String category, String name, Kind kind, String path, List<String> headers, byte[] body,
            int expectStatus, String expectCoding, byte[] expectBody, int partialBytes) {

        /** A keep-alive exchange; one on a connection of its own (refused bodies); a reset mid-response or -request. */
        enum Kind { EXCHANGE, EXCHANGE_CLOSE, HANGUP_RESPONSE, HANGUP_REQUEST }
    }

    /** The server's default threshold: smaller bodies go out uncompressed. */
    static final int THRESHOLD = 1024;
    /** Decoded size of a bomb: over the server's default 10 MiB limit. */
    static final int BOMB_BYTES = 32 * 1024 * 1024;

    private static final List<String> STATIC_FILES = List.of("object-100b.json", "users-2k.json", "orders-20k.json",
            "catalog-100k.xml", "search-100k.json", "metrics-500k.json");
    private static final List<String> POST_FILES = List.of("object-700b.json", "users-2k.json", "search-5k.json",
            "orders-20k.json", "search-100k.json");
    /** Multi-coding Accept-Encoding values and the coding each must get (for bodies over the threshold). */
    private static final String[][] MULTI = {{"gzip;q=0.5, zstd, br;q=0.9", "zstd"}, {"br;q=0, gzip", "gzip"},
        {"*;q=0.1, lzf", "lzf"}, {"identity;q=0, lzf;q=0.5, gzip", "gzip"}, {"br, gzip;q=0.8", "br"}};
    /** Garbage Accept-Encoding values: each must get the identity response, whole and correct. */
    private static final List<String> GARBAGE_AE = List.of("foo, bar", "%%%,;;q=abc", "gzip;q=2", ",,,",
            "x-".repeat(2700) + "gzip;q=0");

    /** The client's codecs; gzip is the JDK's, an engine independent of the server's libdeflate. */
    private final Map<String, Codec> codecs = new LinkedHashMap<>();
    /** Every coding the soak exercises: identity first, then those both sides have. */
    final List<String> codings = new ArrayList<>(List.of("identity"));
    final List<Probe> gets = new ArrayList<>();
    /** The POST probes of each coding. */
    final Map<String, List<Probe>> posts = new LinkedHashMap<>();
    final List<Probe> attacks = new ArrayList<>();

    Workload(Path testdata, HttpConnection http) throws IOException {
        for (CodingProvider p : CodingProviders.available()) {
            Codec c = p.coding().equals("gzip") ? GzipProvider.forEngine("jdk").create(6, 6)
                    : p.create(p.levels().defaultLevel(), p.levels().defaultStreamingLevel());
            codecs.put(c.coding(), c);
            codings.add(c.coding());
        }
        buildGets(testdata, http);
        buildPosts(testdata);
        buildAttacks(testdata);
    }

    List<Probe> allPosts() {
        return posts.values().stream().flatMap(List::stream).toList();
    }

    private void buildGets(Path testdata, HttpConnection http) throws IOException {
        Map<String, List<String>> targets = new LinkedHashMap<>();
        for (String f : STATIC_FILES) {
            if (Files.isRegularFile(testdata.resolve(f))) {
                targets.put("/rest/static/" + f, List.of());
            }
        }
        targets.put("/rest/complex/10", List.of("Accept: application/json"));
        targets.put("/rest/complex/200", List.of("Accept: application/json"));
        targets.put("/rest/complex/200?xml", List.of("Accept: application/xml"));
        targets.put("/rest/object", List.of("Accept: application/json"));
        targets.put("/rest/stream/5", List.of());
        targets.put("/rest/stream/300", List.of());
        // Each Accept-Encoding sent: its value, the coding that must answer and the row it is counted under.
        List<String[]> aeChoices = new ArrayList<>();
        codings.forEach(c -> aeChoices.add(new String[] {c, c, "get " + c}));
        Arrays.stream(MULTI).filter(m -> codecs.containsKey(m[1]))
                .forEach(m -> aeChoices.add(new String[] {m[0], m[1], "get multi"}));
        for (var e : targets.entrySet()) {
            String path = e.getKey().replace("?xml", "");
            byte[] ref = reference(http, path, e.getValue());
            if (path.startsWith("/rest/static/") && !Arrays.equals(ref, Files.readAllBytes(
                    testdata.resolve(path.substring("/rest/static/".length()))))) {
                throw new IOException(path + ": the identity response is not the file's bytes");
            }
            for (String[] ae : aeChoices) {
                // Below the threshold the answer is plain, but not for streams nor when identity;q=0 forbids it.
                boolean plain = !path.startsWith("/rest/stream/") && !ae[0].contains("identity;q=0")
                        && ref.length < THRESHOLD;
                gets.add(get(ae[2], e.getKey(), path, e.getValue(), ae[0], ae[1].equals("identity") || plain ? "" : ae[1],
                        ref));
            }
        }
        byte[] orders = reference(http, "/rest/static/orders-20k.json", List.of());
        for (String ae : GARBAGE_AE) {
            attacks.add(get("garbage accept-encoding", "orders-20k", "/rest/static/orders-20k.json", List.of(), ae, "",
                    orders));
        }
        attacks.add(new Probe("garbage accept-encoding", "*;q=0 -> 406", Probe.Kind.EXCHANGE,
                "/rest/static/orders-20k.json", List.of("Accept-Encoding: *;q=0"), null, 406, null, null, 0));
    }

    private static Probe get(String category, String label, String path, List<String> extra, String ae, String expect,
            byte[] ref) {
        List<String> h = Stream.concat(extra.stream(), Stream.of("Accept-Encoding: " + ae)).toList();
        String shortAe = ae.length() > 40 ? ae.substring(0, 20) + "...(" + ae.length() + " chars)" : ae;
        return new Probe(category, "GET " + label + " [AE: " + shortAe + "]", Probe.Kind.EXCHANGE, path, h, null,
                200, expect, ref, 0);
    }

    /** The identity response of {@code path}, fetched twice: a body that changes cannot be a reference. */
    private static byte[] reference(HttpConnection http, String path, List<String> extra) throws IOException {
        List<String> h = Stream.concat(extra.stream(), Stream.of("Accept-Encoding: identity")).toList();
        HttpConnection.Reply a = http.exchange("GET", path, h, null, false);
        HttpConnection.Reply b = http.exchange("GET", path, h, null, false);
        if (a.status() != 200 || a.contentEncoding() != null || !Arrays.equals(a.body(), b.body())) {
            throw new IOException("GET " + path + ": no stable identity reference (status " + a.status()
                    + ", coding " + a.contentEncoding() + ")");
        }
        return a.body();
    }

    private void buildPosts(Path testdata) throws IOException {
        for (String coding : codings) {
            boolean identity = coding.equals("identity");
            List<Probe> list = new ArrayList<>();
            for (String f : POST_FILES.stream().filter(f -> Files.isRegularFile(testdata.resolve(f))).toList()) {
                byte[] plain = Files.readAllBytes(testdata.resolve(f));
                byte[] sent = identity ? plain : compress(codecs.get(coding), plain);
                for (String ae : identity ? List.of("identity") : List.of("identity", coding)) {
                    List<String> h = Stream.of("Content-Type: application/json",
                            identity ? null : "Content-Encoding: " + coding, "Accept-Encoding: " + ae)
                            .filter(Objects::nonNull).toList();
                    String expect = ae.equals("identity") || plain.length < THRESHOLD ? "" : ae;
                    list.add(new Probe("post " + coding, "POST /rest/echo " + f + " [CE: " + coding + ", AE: " + ae + "]",
                            Probe.Kind.EXCHANGE, "/rest/echo", h, sent, 200, expect, plain, 0));
                }
            }
            posts.put(coding, list);
        }
    }

    private void buildAttacks(Path testdata) throws IOException {
        byte[] small = Files.readAllBytes(testdata.resolve("search-5k.json"));
        byte[] large = Files.readAllBytes(testdata.resolve("search-100k.json"));
        for (var e : codecs.entrySet()) {
            String coding = e.getKey();
            List<String> h = List.of("Content-Type: application/json", "Content-Encoding: " + coding,
                    "Accept-Encoding: identity");
            attacks.add(new Probe("bomb " + coding, "POST bomb " + coding + " (32 MiB of zeros)",
                    Probe.Kind.EXCHANGE_CLOSE, "/rest/echo", h, bomb(e.getValue()), 413, null, null, 0));
            byte[] whole = compress(e.getValue(), small);
            attacks.add(new Probe("truncated " + coding, "POST truncated " + coding + " (60% of search-5k)",
                    Probe.Kind.EXCHANGE_CLOSE, "/rest/echo", h, Arrays.copyOf(whole, whole.length * 6 / 10), 400,
                    null, null, 0));
            byte[] big = compress(e.getValue(), large);
            attacks.add(new Probe("hang-up mid-request", "POST " + coding + " search-100k, hang up after half",
                    Probe.Kind.HANGUP_REQUEST, "/rest/echo", h, big, 0, null, null, big.length / 2));
        }
        for (String bad : List.of("snappy", "x-unknown", "zstd2")) {
            attacks.add(new Probe("unknown content-encoding", "POST Content-Encoding: " + bad, Probe.Kind.EXCHANGE_CLOSE,
                    "/rest/echo", List.of("Content-Type: application/json", "Content-Encoding: " + bad), small, 415,
                    null, null, 0));
        }
        for (String coding : codings) {
            List<String> h = List.of("Accept-Encoding: " + coding);
            attacks.add(new Probe("hang-up mid-response", "GET catalog-2m.xml [AE: " + coding + "], hang up after 16 KB",
                    Probe.Kind.HANGUP_RESPONSE, "/rest/static/catalog-2m.xml", h, null, 0, null, null, 16 * 1024));
            attacks.add(new Probe("hang-up mid-response", "GET stream/5000 [AE: " + coding + "], hang up after 4 KB",
                    Probe.Kind.HANGUP_RESPONSE, "/rest/stream/5000", h, null, 0, null, null, 4 * 1024));
        }
    }

    private static byte[] compress(Codec codec, byte[] plain) {
        byte[] out = new byte[codec.maxCompressedLength(plain.length)];
        return Arrays.copyOf(out, codec.compress(plain, 0, plain.length, out, 0));
    }

    private static byte[] bomb(Codec codec) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        byte[] zeros = new byte[64 * 1024];
        try (OutputStream c = codec.compressingStream(sink)) {
            for (int i = 0; i < BOMB_BYTES / zeros.length; i++) {
                c.write(zeros);
            }
        }
        return sink.toByteArray();
    }

    /** Sends one probe and checks the answer: null when right, else what was wrong; throws when the exchange failed. */
    String run(Probe p, HttpConnection http) throws IOException {
        if (p.kind() == Probe.Kind.HANGUP_RESPONSE) {
            http.hangUpMidResponse(p.path(), p.headers(), p.partialBytes());
            return null;
        }
        if (p.kind() == Probe.Kind.HANGUP_REQUEST) {
            http.hangUpMidRequest(p.path(), p.headers(), p.body(), p.partialBytes());
            return null;
        }
        HttpConnection.Reply r = http.exchange(p.body() == null ? "GET" : "POST", p.path(), p.headers(), p.body(),
                p.kind() == Probe.Kind.EXCHANGE_CLOSE);
        if (r.status() != p.expectStatus()) {
            int n = Math.min(r.body().length, 120);
            return "status " + r.status() + ", expected " + p.expectStatus() + (n == 0 ? "" : " (body: "
                    + new String(r.body(), 0, n, StandardCharsets.ISO_8859_1).replaceAll("[\\r\\n]+", " ") + ")");
        }
        String got = r.contentEncoding() == null || r.contentEncoding().equals("identity") ? "" : r.contentEncoding();
        if (p.expectCoding() != null && !got.equals(p.expectCoding())) {
            return "Content-Encoding '" + got + "', expected '" + p.expectCoding() + "'";
        }
        if (r.status() != 200) {
            return null;
        }
        // Here the coding is the one expected: none (identity) or one of the codecs.
        byte[] decoded;
        try (InputStream in = got.isEmpty() ? new ByteArrayInputStream(r.body())
                : codecs.get(got).decompressingStream(new ByteArrayInputStream(r.body()), 64L * 1024 * 1024)) {
            decoded = in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return "body does not decode as '" + got + "': " + e;
        }
        if (p.expectBody() != null && !Arrays.equals(decoded, p.expectBody())) {
            return "decoded body differs (" + decoded.length + " bytes, expected " + p.expectBody().length
                    + ", first difference at " + Arrays.mismatch(decoded, p.expectBody()) + ")";
        }
        return null;
    }
}
