package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.NanosPerOpBench;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import java.io.IOException;
import java.io.OutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** The codec work alone of {@link InterceptorBench}'s encoded paths: same body, the feature's default codecs. */
public class ResponseCodecBench extends NanosPerOpBench {
    @Param({"lzf", "gzip"})
    public String coding;

    private Codec codec;
    private byte[] body;
    private byte[] out;

    @Setup
    public void setUp() {
        codec = CompressionSettings.fromSystemProperties().createRegistry().forCoding(coding);
        body = ResponseBody.load(Corpus.dir());
        out = new byte[codec.maxCompressedLength(body.length)];
    }

    @Benchmark
    public int oneShot() {
        return codec.compress(body, 0, body.length, out, 0);
    }

    /** Into a sink that drops the bytes, like a socket that is always ready. */
    @Benchmark
    public void streaming() throws IOException {
        try (OutputStream encoder = codec.compressingStream(OutputStream.nullOutputStream())) {
            BenchResource.writeChunked(body, encoder);
        }
    }
}
