package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import java.io.IOException;
import java.util.List;
import org.openjdk.jmh.annotations.Param;

/**
 * Bodies of exactly {@code size} bytes (128 B to 8 KiB) through one {@link Engine}: the starts of up
 * to {@value #SLICES} different corpus files ({@link Corpus#prefixes}). Subclasses say which engine.
 */
public abstract class PrefixPayloadBench extends PayloadBench {
    /** Most payloads per size. */
    static final int SLICES = 16;

    @Param({"128", "256", "512", "1024", "2048", "4096", "8192"})
    public int size;

    /** The engine of this run's parameters. */
    abstract Engine engine() throws IOException;

    @Override
    List<Body> bodies() throws IOException {
        Engine engine = engine();
        return Corpus.prefixes(Corpus.dir(), size, SLICES).stream().map(p -> new Body(p, engine)).toList();
    }
}
