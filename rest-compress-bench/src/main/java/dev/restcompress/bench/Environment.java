package dev.restcompress.bench;

import dev.restcompress.bench.codec.BenchCodec;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** The "where and how was this measured" paragraph at the top of the report. */
final class Environment {
    private Environment() {
    }

    static String describe(BenchOptions o, Path corpus, List<String> files, List<BenchCodec> codecs) {
        Runtime rt = Runtime.getRuntime();
        return "Mode: " + (o.quick ? "**quick (smoke test: numbers are indicative only)**" : "full")
                + ". JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", " + rt.availableProcessors() + " processors, " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ". JMH: " + o.forks + " fork(s), " + o.warmups + " warmup and "
                + o.iterations + " measurement iteration(s) of " + o.timeMs + " ms, AverageTime, 1 thread, -prof gc. "
                + "Corpus: `" + corpus + "` (" + files.size() + " file(s): "
                + String.join(", ", files) + "). Codecs: "
                + codecs.stream().map(BenchCodec::id).collect(Collectors.joining(", ")) + ".";
    }
}
