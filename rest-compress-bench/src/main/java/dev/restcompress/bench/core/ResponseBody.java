package dev.restcompress.bench.core;

import java.nio.file.Path;
import java.util.Comparator;

/**
 * The interceptor benchmarks' response body, also the load suites' default so their numbers read together:
 * the corpus file closest to {@value #TARGET} bytes (the overhead target's "30 KB JSON response").
 */
public final class ResponseBody {
    static final int TARGET = 30_000;
    /** Below-threshold body size: half the default 1 KiB threshold. */
    public static final int SMALL = 512;

    private ResponseBody() {}

    /** The corpus file of at least {@value #SMALL} bytes closest to {@value #TARGET}; the first on a tie. */
    public static String pick(Path corpus) {
        return Corpus.names(corpus).stream().filter(n -> Corpus.size(corpus.resolve(n)) >= SMALL)
                .min(Comparator.comparingLong(n -> Math.abs(Corpus.size(corpus.resolve(n)) - TARGET)))
                .orElseThrow(() -> new IllegalStateException("no corpus file in " + corpus + " has " + SMALL + " bytes"));
    }

    public static byte[] load(Path corpus) {
        return Corpus.read(corpus, pick(corpus));
    }
}
