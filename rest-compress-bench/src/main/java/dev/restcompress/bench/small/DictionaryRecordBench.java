package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.dictionary.JsonRecordSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.Param;

/**
 * Small JSON responses with their own API's dictionary (the shared-dictionary goals): held-out
 * records of every data set ({@link JsonRecordSets}), each with the engine of its own API's
 * dictionary (trained on the other records of its file). {@code codec} is {@code zstd-N} (no
 * dictionary), {@code dcz-N} or {@code dcb-N}, the library's codecs through the SPI. Sizes and the
 * break-even analysis: {@link DictionaryBreakEven}.
 *
 * <p>{@code size > 0}: records of at least {@code size} bytes cut to exactly {@code size} (their
 * start: keys and values as a small response of that size has them), at most {@value #PER_SET} per
 * data set, so every API weighs alike. {@code size == 0}: every held-out record under
 * {@value #WHOLE_BELOW} bytes, whole (the size goal's set).
 */
public class DictionaryRecordBench extends PayloadBench {
    /** Most cut bodies per data set. */
    static final int PER_SET = 16;
    /** Whole records below this size ({@code size == 0}). */
    static final int WHOLE_BELOW = 4096;

    @Param({"zstd-3", "dcz-3"})
    public String codec;

    @Param({"128", "256", "384", "512", "1024", "0"})
    public int size;

    /** Dictionary size, KiB (each data set's dictionary: its training records, concatenated). */
    @Param({"64"})
    public int dictKib;

    /**
     * The JSON folders ({@link JsonRecordSets#propertyValue} form); empty: {@link JsonRecordSets#folders()}.
     * A parameter, not a system property, so that forked and in-process runs see the same folders.
     */
    @Param({""})
    public String folders;

    @Override
    List<Body> bodies() {
        return bodies(codec, size, dictKib, JsonRecordSets.folders(folders));
    }

    /** The bodies of {@code size} (0 = whole records), each with {@code codec} and its data set's dictionary. */
    static List<Body> bodies(String codec, int size, int dictionaryKib, List<Path> folders) {
        List<Body> out = new ArrayList<>();
        for (JsonRecordSets.DataSet set : JsonRecordSets.load(folders)) {
            List<byte[]> picked = new ArrayList<>();
            for (byte[] r : set.heldOut()) {
                if (size == 0 && r.length < WHOLE_BELOW) {
                    picked.add(r);
                } else if (size > 0 && r.length >= size && picked.size() < PER_SET) {
                    picked.add(Arrays.copyOf(r, size));
                }
            }
            if (!picked.isEmpty()) {
                Engine engine = BenchDictionary.engine(codec, set.dictionary(dictionaryKib * 1024));
                picked.forEach(b -> out.add(new Body(b, engine)));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no held-out record of " + size + " bytes or more");
        }
        return out;
    }
}
