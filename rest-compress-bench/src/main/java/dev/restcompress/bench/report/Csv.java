package dev.restcompress.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** A tiny RFC 4180 CSV builder: a header row, then rows of strings and numbers. Not thread-safe. */
public final class Csv {
    private final StringBuilder text = new StringBuilder();

    public Csv(String... header) {
        row((Object[]) header);
    }

    public Csv row(Object... cells) {
        text.append(Arrays.stream(cells).map(c -> quote(format(c))).collect(Collectors.joining(","))).append("\r\n");
        return this;
    }

    public void write(Path file) {
        Markdown.write(file, text);
    }

    @Override
    public String toString() {
        return text.toString();
    }

    /** Numbers without locale surprises; NaN as an empty cell, so spreadsheets see "no value". */
    static String format(Object c) {
        if (c instanceof Double d) {
            // Six significant digits, never exponent notation: easy on spreadsheets and diffs.
            return d.isNaN() || d.isInfinite() ? ""
                    : new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        }
        return String.valueOf(c);
    }

    private static String quote(String s) {
        return s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 ? s : '"' + s.replace("\"", "\"\"") + '"';
    }
}
