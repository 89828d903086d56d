package dev.restcompress.bench.core;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * Picks the response body of the interceptor benchmarks: the corpus file whose size is closest to
 * {@value #TARGET} bytes (the "30 KB JSON response" of the overhead target). The load suites
 * serve the same file by default, so their numbers can be read next to the interceptor's.
 */
public final class ResponseBody {
    static final int TARGET = 30_000;
    /** Below-threshold body size: half the default 1 KiB threshold. */
    public static final int SMALL = 512;

    private ResponseBody() {
    }

    /** The name of the corpus file closest to {@value #TARGET} bytes (and at least {@value #SMALL}); the first on a tie. */
    public static String pick(Path corpus) {
        return Corpus.names(corpus).stream().filter(n -> Corpus.size(corpus.resolve(n)) >= SMALL)
                .min(Comparator.comparingLong(n -> Math.abs(Corpus.size(corpus.resolve(n)) - TARGET)))
                .orElseThrow(() -> new IllegalStateException("no corpus file in " + corpus + " has " + SMALL + " bytes"));
    }

    /** The bytes of {@link #pick}. */
    public static byte[] load(Path corpus) {
        return Corpus.read(corpus, pick(corpus));
    }
}
