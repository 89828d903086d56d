package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.dictionary.JsonRecordSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bodies of {@link DictionaryRecordBench}: held-out JSON records ({@link JsonRecordSets}), each
 * with the engine of its own API's dictionary (trained on the other records of its file).
 *
 * <p>{@code size > 0}: records of at least {@code size} bytes cut to exactly {@code size} (their
 * start: keys and values as a small response of that size has them), at most {@value #PER_SET} per
 * data set, so every API weighs alike. {@code size == 0}: every held-out record under
 * {@value #WHOLE_BELOW} bytes, whole (the size goal's set).
 */
final class DictionaryRecordBodies {
    /** Most cut bodies per data set. */
    static final int PER_SET = 16;
    /** Whole records below this size ({@code size == 0}). */
    static final int WHOLE_BELOW = 4096;

    final byte[][] bodies;
    final Engine[] engines;
    final int dictionaryBytes;

    private DictionaryRecordBodies(byte[][] bodies, Engine[] engines, int dictionaryBytes) {
        this.bodies = bodies;
        this.engines = engines;
        this.dictionaryBytes = dictionaryBytes;
    }

    /** The bodies of {@code size} (0 = whole records) and, per body, {@code codec} with its data set's dictionary. */
    static DictionaryRecordBodies of(String codec, int size, int dictionaryKib, List<java.nio.file.Path> folders) {
        List<byte[]> bodies = new ArrayList<>();
        List<Engine> engines = new ArrayList<>();
        Map<String, Engine> bySet = new HashMap<>();
        long dictionaryBytes = 0;
        int sets = 0;
        for (JsonRecordSets.DataSet set : JsonRecordSets.load(folders)) {
            List<byte[]> picked = new ArrayList<>();
            for (byte[] r : set.heldOut()) {
                if (size == 0 && r.length < WHOLE_BELOW) {
                    picked.add(r);
                } else if (size > 0 && r.length >= size && picked.size() < PER_SET) {
                    picked.add(Arrays.copyOf(r, size));
                }
            }
            if (picked.isEmpty()) {
                continue;
            }
            byte[] dictionary = set.dictionary(dictionaryKib * 1024);
            dictionaryBytes += dictionary.length;
            sets++;
            Engine engine = bySet.computeIfAbsent(set.name(), n -> BenchDictionary.engine(codec, dictionary));
            for (byte[] b : picked) {
                bodies.add(b);
                engines.add(engine);
            }
        }
        if (bodies.isEmpty()) {
            throw new IllegalStateException("no held-out record of " + size + " bytes or more");
        }
        return new DictionaryRecordBodies(bodies.toArray(new byte[0][]), engines.toArray(new Engine[0]),
                (int) (dictionaryBytes / sets));
    }

    /** Largest body. */
    int maxLength() {
        int max = 0;
        for (byte[] b : bodies) {
            max = Math.max(max, b.length);
        }
        return max;
    }
}
