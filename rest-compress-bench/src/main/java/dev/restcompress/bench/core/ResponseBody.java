package dev.restcompress.bench.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

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

    /** The name of the corpus file closest to {@value #TARGET} bytes (and at least {@value #SMALL}). */
    public static String pick(Path corpus) {
        String best = null;
        long bestDistance = Long.MAX_VALUE;
        for (String name : Corpus.names(corpus)) {
            try {
                long size = Files.size(corpus.resolve(name));
                long d = Math.abs(size - TARGET);
                if (size >= SMALL && d < bestDistance) {
                    best = name;
                    bestDistance = d;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (best == null) {
            throw new IllegalStateException("no corpus file in " + corpus + " has " + SMALL + " bytes");
        }
        return best;
    }

    /** The bytes of {@link #pick}. */
    public static byte[] load(Path corpus) {
        return Corpus.read(corpus, pick(corpus));
    }
}
