package dev.restcompress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;
import dev.restcompress.testing.TestFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The settings table of {@code docs/configuration.md} and the settings the code accepts agree: every key
 * the code reads ({@link CompressionSettings#keys()} and the system-property keys) has a row, every row
 * names a key the code knows, and where the code exposes a default cheaply, the table's default is it.
 * A user reads that table to configure the library: a missing row hides a setting, an extra one
 * promises a setting that only earns an "unknown setting" WARNING.
 */
class SettingsDocumentationTest {
    /**
     * Keys among {@link CompressionSettings#SYSTEM_KEYS} that only the build and its tests set: they are
     * documented in CONTRIBUTING.md, not in the users' table.
     */
    static final Set<String> BUILD_SWITCHES = Set.of("rest-compress.root", "rest-compress.interop.required",
            "rest-compress.python", "rest-compress.chromium");

    /** A row of the settings table: {@code | `rest-compress.key` | default | meaning |}. */
    private static final Pattern KEY_CELL = Pattern.compile("`(rest-compress\\.[a-z0-9.-]+)`");
    /** The first {@code `value`} of a default cell. */
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    private static Path doc(String name) {
        return TestFiles.root().resolve(name);
    }

    /** The settings table: key to its default cell, in the table's order; fails unless there is exactly one. */
    static Map<String, String[]> settingsTable(List<String> lines) {
        List<Integer> headers = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).replace(" ", "").equals("|key|default|meaning|")) {
                headers.add(i);
            }
        }
        assertEquals(1, headers.size(), "docs/configuration.md must have exactly one settings table"
                + " (header | key | default | meaning |), found at lines " + headers);
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (int i = headers.get(0) + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] cells = cells(lines.get(i));
            assertEquals(3, cells.length, "line " + (i + 1) + " of docs/configuration.md is not a row of"
                    + " three cells: " + lines.get(i));
            Matcher key = KEY_CELL.matcher(cells[0]);
            assertTrue(key.matches(), "line " + (i + 1) + ": the first cell must be one `rest-compress.*` key, was "
                    + cells[0]);
            assertFalse(cells[1].isEmpty(), "line " + (i + 1) + ": " + key.group(1) + " has no default");
            assertFalse(cells[2].isEmpty(), "line " + (i + 1) + ": " + key.group(1) + " has no meaning");
            String[] previous = rows.put(key.group(1), new String[] {cells[1], cells[2]});
            assertTrue(previous == null, key.group(1) + " has two rows");
        }
        return rows;
    }

    /** The cells of a Markdown table row, trimmed; {@code \|} inside a cell is not a separator. */
    private static String[] cells(String row) {
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") && !inner.endsWith("\\|") ? inner.length() - 1 : inner.length());
        String[] parts = inner.split("(?<!\\\\)\\|", -1);
        for (int i = 0; i < parts.length; i++) {
            parts[i] = parts[i].strip();
        }
        return parts;
    }

    private static List<String> read(Path p) throws IOException {
        assertTrue(Files.isRegularFile(p), p + " is missing");
        return Files.readAllLines(p, StandardCharsets.UTF_8);
    }

    /** Every key a user may set: what the settings classes read plus the system-property keys, without the build's. */
    static Set<String> codeKeys() {
        Set<String> keys = new TreeSet<>(CompressionSettings.keys());
        keys.addAll(CompressionSettings.SYSTEM_KEYS);
        keys.removeAll(BUILD_SWITCHES);
        return keys;
    }

    @Test
    void everyKeyTheCodeReadsHasARow() throws IOException {
        Set<String> documented = settingsTable(read(doc("docs/configuration.md"))).keySet();
        Set<String> missing = new TreeSet<>(codeKeys());
        missing.removeAll(documented);
        assertTrue(missing.isEmpty(), "settings the code accepts but docs/configuration.md does not list: " + missing
                + " (add a row to its settings table)");
    }

    @Test
    void everyRowNamesAKeyTheCodeKnows() throws IOException {
        Set<String> documented = settingsTable(read(doc("docs/configuration.md"))).keySet();
        // The library's own check of user settings: a documented key must not earn its WARNING...
        List<String> unknown = CompressionSettings.unknownKeys(documented);
        assertTrue(unknown.isEmpty(), "docs/configuration.md documents keys the code does not know: " + unknown);
        // ...and must be one a user may set (not a build switch, nor a test-only rest-compress.test.* name).
        Set<String> extra = new TreeSet<>(documented);
        extra.removeAll(codeKeys());
        assertTrue(extra.isEmpty(), "docs/configuration.md documents keys that are not user settings: " + extra);
    }

    @Test
    void buildSwitchesAreSystemKeysDocumentedForContributors() throws IOException {
        // Keeps BUILD_SWITCHES honest: each is a key the code accepts, and CONTRIBUTING.md explains it.
        String contributing = String.join("\n", read(doc("CONTRIBUTING.md")));
        for (String key : BUILD_SWITCHES) {
            assertTrue(CompressionSettings.SYSTEM_KEYS.contains(key), key + " is no longer a system key");
            assertTrue(contributing.contains("`" + key + "`"), "CONTRIBUTING.md does not explain " + key);
        }
    }

    /** The defaults the code exposes through the settings objects, as the table writes them. */
    static Map<String, String> codeDefaults() {
        CompressionSettings s = CompressionSettings.from(key -> null);
        DictionarySettings d = s.dictionaries();
        AdaptiveSettings a = AdaptiveSettings.from(key -> null);
        Map<String, String> m = new LinkedHashMap<>();
        m.put(CompressionSettings.THRESHOLD, Integer.toString(s.threshold()));
        m.put(CompressionSettings.ONE_SHOT_LIMIT, Integer.toString(s.oneShotLimit()));
        m.put(CompressionSettings.MAX_DECODED_SIZE, Long.toString(s.maxDecodedSize()));
        m.put(CompressionSettings.MAX_LIVE_DECODERS, Integer.toString(s.maxLiveDecoders()));
        m.put(CompressionSettings.PREFERENCE, String.join(",", s.preference()));
        m.put(CompressionSettings.REQUEST_DECODING, s.decodeAllRequests() ? "all" : "annotated");
        for (CodingProvider p : CodingProviders.all()) {
            if (p.levels().any()) {
                m.put(Levels.levelKey(p.coding()), Integer.toString(s.level(p.coding())));
                m.put(Levels.streamingLevelKey(p.coding()), Integer.toString(s.streamingLevel(p.coding())));
            }
        }
        m.put(DictionarySettings.PATH, d.path());
        m.put(DictionarySettings.THRESHOLD, Integer.toString(d.threshold()));
        m.put(DictionarySettings.MAX_AGE, Long.toString(d.maxAge()));
        m.put(DictionarySettings.DCZ_LEVEL, Integer.toString(d.dczLevel()));
        m.put(DictionarySettings.DCB_LEVEL, Integer.toString(d.dcbLevel()));
        m.put(DictionarySettings.PREFERENCE, String.join(",", d.preference()));
        m.put(DictionarySettings.MAX_SIZE, Integer.toString(d.maxSize()));
        m.put(DictionarySettings.DELTA_STORE_BYTES, Long.toString(d.deltaStoreBytes()));
        m.put(DictionarySettings.CLIENT_STORE_BYTES, Long.toString(d.clientStoreBytes()));
        m.put(DictionarySettings.CLIENT_ENABLED, Boolean.toString(d.clientEnabled()));
        CacheSettings c = s.cache();
        m.put(CacheSettings.MODE, c.mode().value());
        m.put(CacheSettings.MAX_BYTES, Long.toString(c.maxBytes()));
        m.put(CacheSettings.MAX_ENTRIES_PER_METHOD, Integer.toString(c.maxEntriesPerMethod()));
        m.put(CacheSettings.ADMIT, c.admit().value());
        m.put(CacheSettings.PASS, c.pass() ? "on" : "off");
        m.put(CacheSettings.UPGRADE_AFTER, Integer.toString(c.upgradeAfter()));
        m.put(CacheSettings.UPGRADE_QUEUE, Integer.toString(c.upgradeQueue()));
        m.put(AdaptiveSettings.ADAPTIVE, a.enabled() ? "on" : "off");
        m.put(AdaptiveSettings.IDENTITY, Boolean.toString(a.identity()));
        m.put(AdaptiveSettings.HIGH, Integer.toString(a.highPercent()));
        m.put(AdaptiveSettings.LOW, Integer.toString(a.lowPercent()));
        m.put(AdaptiveSettings.SATURATED, Integer.toString(a.saturatedPercent()));
        m.put(AdaptiveSettings.PERIOD_MS, Integer.toString(a.periodMillis()));
        m.put(AdaptiveSettings.DWELL_DOWN, Integer.toString(a.dwellDown()));
        m.put(AdaptiveSettings.DWELL_UP, Integer.toString(a.dwellUp()));
        m.put(AdaptiveSettings.SMOOTHING_MS, Integer.toString(a.smoothingMillis()));
        m.put(AdaptiveSettings.STATISTICS, a.statistics() ? "on" : "off");
        return m;
    }

    @Test
    void documentedDefaultsAreTheCodes() throws IOException {
        Map<String, String[]> table = settingsTable(read(doc("docs/configuration.md")));
        List<String> wrong = new ArrayList<>();
        Map<String, String> defaults = codeDefaults();
        for (Map.Entry<String, String> e : defaults.entrySet()) {
            String[] row = table.get(e.getKey());
            if (row == null) {
                continue; // a missing row is everyKeyTheCodeReadsHasARow's failure
            }
            Matcher code = CODE.matcher(row[0]);
            String documented = code.find() ? code.group(1) : row[0];
            if (!documented.equals(e.getValue())) {
                wrong.add(e.getKey() + ": table says '" + documented + "', code says '" + e.getValue() + "'");
            }
        }
        assertTrue(wrong.isEmpty(), "defaults in docs/configuration.md differ from the code: " + wrong);
        // Guard against a checker that checks nothing: most rows have a default compared above.
        assertTrue(defaults.size() >= 30, "only " + defaults.size() + " defaults compared");
    }

    @Test
    void theTableParserSeesWhatItShould() {
        // The parser itself, on a table with an escaped pipe, a missing row and an unknown key.
        List<String> lines = List.of("text", "| key | default | meaning |", "|---|---|---|",
                "| `rest-compress.threshold` | `1024` | small \\| large |",
                "| `rest-compress.tresh0ld` | `1` | a typo |", "", "| not | part | of it |");
        Map<String, String[]> rows = settingsTable(lines);
        assertEquals(List.of("rest-compress.threshold", "rest-compress.tresh0ld"), List.copyOf(rows.keySet()));
        assertEquals("small \\| large", rows.get("rest-compress.threshold")[1]);
        assertEquals(1, CompressionSettings.unknownKeys(rows.keySet()).size());
    }
}
