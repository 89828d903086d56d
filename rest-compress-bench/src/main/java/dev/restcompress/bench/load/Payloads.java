package dev.restcompress.bench.load;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.server.CacheServer;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The payloads of the overload and peers suites: {@code large}, one file (by default the 48.5 KB JSON
 * the adaptive-level reference measurements used), and {@code small-json}, every JSON file of the corpus up
 * to {@value #SMALL_MAX} bytes, requested in turn, the traffic of a typical JSON API.
 */
public final class Payloads {
    /** The large payload unless {@code --overload-file} names another. */
    public static final String DEFAULT_LARGE = "catalog-50k.json";
    public static final int SMALL_MAX = 10 * 1024;
    /** The endpoints of {@link CacheServer}: no cache, cached (all hits), and a new body every time (all misses). */
    public static final String STATIC = "static";
    public static final String CACHED = "cached";
    public static final String UNIQUE = "unique";
    /** Below this the library does not compress (its default threshold), so identity is a right answer. */
    private static final int THRESHOLD = 1024;

    private Payloads() {
    }

    public static List<LoadGenerator.Payload> mix(Path corpus, String mix, String file) throws IOException {
        return mix(corpus, mix, file, STATIC);
    }

    /** The mix as served at {@code /rest/<endpoint>/<name>} ({@link #payload(Path, String, String)}). */
    public static List<LoadGenerator.Payload> mix(Path corpus, String mix, String file, String endpoint)
            throws IOException {
        List<LoadGenerator.Payload> out = new ArrayList<>();
        if (mix.equals("large")) {
            out.add(payload(corpus, largeFile(corpus, file), endpoint));
            return out;
        }
        for (String name : Corpus.names(corpus)) {
            if (name.endsWith(".json") && Files.size(corpus.resolve(name)) <= SMALL_MAX) {
                out.add(payload(corpus, name, endpoint));
            }
        }
        if (out.isEmpty()) {
            throw new IOException("no JSON file of at most " + SMALL_MAX + " bytes in " + corpus + " for the small-json mix");
        }
        return out;
    }

    public static String largeFile(Path corpus, String file) {
        if (file != null) {
            return file;
        }
        return Files.isRegularFile(corpus.resolve(DEFAULT_LARGE)) ? DEFAULT_LARGE : ResponseBody.pick(corpus);
    }

    public static String describe(List<LoadGenerator.Payload> payloads) {
        long total = payloads.stream().mapToLong(p -> p.expected().length).sum();
        return payloads.size() == 1 ? payloads.get(0).name() + " (" + total + " B)"
                : payloads.size() + " files in turn, mean " + total / payloads.size() + " B";
    }

    /** One corpus file, served by the demo's {@code /rest/static/<name>}. */
    public static LoadGenerator.Payload payload(Path corpus, String name) {
        return payload(corpus, name, STATIC);
    }

    /**
     * One corpus file served at {@code /rest/<endpoint>/<name>}: {@value #STATIC} (the demo's and every
     * peer's, and {@link CacheServer}'s uncached one), {@value #CACHED} or {@value #UNIQUE} (the same
     * file with a stamp that differs in every body: {@link CacheServer#stamp}).
     */
    public static LoadGenerator.Payload payload(Path corpus, String name, String endpoint) {
        byte[] bytes = Corpus.read(corpus, name);
        String path = "/rest/" + endpoint + "/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
        if (endpoint.equals(UNIQUE)) {
            return new LoadGenerator.Payload(name, path, CacheServer.stampTemplate(bytes), bytes.length >= THRESHOLD,
                    CacheServer.stampAt(bytes));
        }
        return new LoadGenerator.Payload(name, path, bytes, bytes.length >= THRESHOLD);
    }
}
