package dev.restcompress.codec.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.dictionary.CompressionDictionary;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

/**
 * A pooled dcz codec (static dictionary) keeps native contexts between calls; an unpooled one (delta
 * versions, the client's dictionaries) keeps none, because nothing would free them once the codec is
 * dropped: zstd-jni contexts have no finalizer.
 */
class DczPoolingTest {
    static final CompressionDictionary D = CompressionDictionary.of("p", "{\"a\":1,\"b\":[1,2,3]}".getBytes(), "/*", "");

    static int exercise(DczCodec c) throws Exception {
        byte[] in = "{\"a\":1,\"b\":[1,2,3,4]}".getBytes();
        byte[] out = new byte[c.maxCompressedLength(in.length)];
        int n = c.compress(in, 0, in.length, out, 0);
        c.decompress(out, 0, n, new byte[100], 0, 100);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream s = c.compressingStream(sink)) {
            s.write(in);
        }
        try (InputStream s = c.decompressingStream(new ByteArrayInputStream(sink.toByteArray()), 100)) {
            s.readAllBytes();
        }
        assertEquals(0, c.resourcesInUse());
        return c.idleContexts();
    }

    @Test
    void onlyPooledCodecsKeepContexts() throws Exception {
        assertTrue(exercise((DczCodec) DictionaryCodecs.create("dcz", D, 3)) >= 3, "pooled keeps one of each kind");
        assertEquals(0, exercise((DczCodec) DictionaryCodecs.createUnpooled("dcz", D, 3)));
    }
}
