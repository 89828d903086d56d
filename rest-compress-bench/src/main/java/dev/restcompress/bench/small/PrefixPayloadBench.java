package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import java.nio.file.Path;
import java.util.List;
import org.openjdk.jmh.annotations.Param;

/** Bodies of exactly {@code size} bytes: the starts of up to {@value #SLICES} corpus files, through one engine. */
public abstract class PrefixPayloadBench extends PayloadBench {
    static final int SLICES = 16;

    @Param({"128", "256", "512", "1024", "2048", "4096", "8192"})
    public int size;

    abstract Engine engine();

    @Override
    List<Body> bodies() {
        return bodies(Corpus.dir(), size, engine());
    }

    static List<Body> bodies(Path corpus, int size, Engine engine) {
        return Corpus.prefixes(corpus, size, SLICES).stream().map(p -> new Body(p, engine)).toList();
    }
}
