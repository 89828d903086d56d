package dev.restcompress.bench.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scripts/train-dictionary.sh}: held-out samples never train, and the dictionary is raw and usable. */
class TrainDictionaryTest {
    static final Path TESTDATA = Paths.get(System.getProperty("rest-compress.root", "..")).resolve("testdata");

    @Test
    void heldOutSourcesNeverTrain() throws Exception {
        List<byte[]> sources = DictionarySamples.load(TESTDATA, "*.json");
        DictionarySamples.Split split = DictionarySamples.split(sources);
        assertEquals(sources.size() / 5, split.heldOutSources());
        for (byte[] held : split.heldOut()) {
            assertTrue(split.training().stream().flatMap(List::stream).noneMatch(p -> Arrays.equals(p, held)));
        }
    }

    /** Never the ZDICT magic at the start: browsers would read a structured dictionary and fail. */
    @Test
    void writesARawDictionaryTheLibraryCodecsUse(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("test.dict");
        TrainDictionary.main(new String[] {"--samples", TESTDATA.toString(), "--glob", "*.json", "--size", "8k",
            "--out", out.toString()});
        byte[] dictionary = Files.readAllBytes(out);
        assertTrue(dictionary.length > 1024 && dictionary.length <= 8192, "size " + dictionary.length);
        assertFalse(Arrays.equals(dictionary, 0, 4, new byte[] {0x37, (byte) 0xa4, 0x30, (byte) 0xec}, 0, 4),
                "no ZDICT magic at the start");
        byte[] body = Files.readAllBytes(TESTDATA.resolve("object-700b.json"));
        for (String coding : List.of("dcz-3", "dcb-5")) {
            assertTrue(BenchDictionary.roundTrip(BenchDictionary.engine(coding, dictionary), body) > 0, coding);
        }
    }

    @Test
    void concatenationSpreadsOverAllSamples() {
        List<byte[]> samples = IntStream.range(0, 100)
                .mapToObj(i -> ("<%02d>" + "a".repeat(96)).formatted(i).getBytes(StandardCharsets.US_ASCII)).toList();
        String dict = new String(BenchDictionary.concatenate(samples, 1010), StandardCharsets.US_ASCII);
        assertTrue(dict.length() <= 1010, "size " + dict.length());
        assertTrue(dict.contains("<00>") && dict.contains("<50>") && dict.contains("<90>"), dict);
        assertFalse(dict.contains("<05>"), "every tenth sample when ten fit");
    }

    @Test
    void concatenationNeverStartsWithTheZdictMagic() {
        byte[] magic = {0x37, (byte) 0xa4, 0x30, (byte) 0xec, 1, 2, 3};
        byte[] dictionary = BenchDictionary.concatenate(List.of(magic, magic), 1024);
        assertEquals('\n', dictionary[0]);
        assertEquals(0x37, dictionary[1]);
    }
}
