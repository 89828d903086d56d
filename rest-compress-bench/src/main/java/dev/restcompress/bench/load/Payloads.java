package dev.restcompress.bench.load;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.server.CacheServer;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The payloads of the suites, served at {@code /rest/<endpoint>/<name>}: one corpus file, or a mix (README). */
public final class Payloads {
    static final String DEFAULT_LARGE = "catalog-50k.json";
    static final int SMALL_MAX = 10 * 1024;
    /** The endpoints of {@link CacheServer}: no cache, cached (all hits), and a new body every time (all misses). */
    public static final String STATIC = "static";
    public static final String CACHED = "cached";
    public static final String UNIQUE = "unique";
    /** Below this the library does not compress (its default threshold), so identity is a right answer. */
    private static final int THRESHOLD = 1024;

    private Payloads() {}

    /** {@code large}: {@value #DEFAULT_LARGE}; {@code small-json}: every JSON file up to {@value #SMALL_MAX} bytes. */
    public static List<LoadGenerator.Payload> mix(Path corpus, String mix, String endpoint) throws IOException {
        if (mix.equals("large")) {
            String large = Files.isRegularFile(corpus.resolve(DEFAULT_LARGE)) ? DEFAULT_LARGE : ResponseBody.pick(corpus);
            return List.of(payload(corpus, large, endpoint));
        }
        List<LoadGenerator.Payload> out = Corpus.names(corpus).stream()
                .filter(n -> n.endsWith(".json") && Corpus.size(corpus.resolve(n)) <= SMALL_MAX)
                .map(n -> payload(corpus, n, endpoint)).toList();
        if (out.isEmpty()) {
            throw new IOException("no JSON file of at most " + SMALL_MAX + " bytes in " + corpus + " for the small-json mix");
        }
        return out;
    }

    public static String describe(List<LoadGenerator.Payload> payloads) {
        long total = payloads.stream().mapToLong(p -> p.expected().length).sum();
        return payloads.size() == 1 ? payloads.get(0).name() + " (" + total + " B)"
                : payloads.size() + " files in turn, mean " + total / payloads.size() + " B";
    }

    /** One corpus file; at {@value #UNIQUE} stamped differently in every body ({@link CacheServer#stamp}). */
    public static LoadGenerator.Payload payload(Path corpus, String name, String endpoint) {
        return payload(name, endpoint, Corpus.read(corpus, name));
    }

    static LoadGenerator.Payload payload(String name, String endpoint, byte[] bytes) {
        String path = "/rest/" + endpoint + "/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
        boolean unique = endpoint.equals(UNIQUE);
        return new LoadGenerator.Payload(name, path, unique ? CacheServer.stampTemplate(bytes) : bytes,
                bytes.length >= THRESHOLD, unique ? CacheServer.stampAt(bytes) : -1);
    }
}
