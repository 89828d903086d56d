package dev.restcompress.bench.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A tiny RFC 4180 CSV builder: a header row, then rows of strings and numbers. Not thread-safe. */
public final class Csv {
    private final StringBuilder text = new StringBuilder();

    public Csv(String... header) {
        row((Object[]) header);
    }

    public Csv row(Object... cells) {
        List<String> out = new ArrayList<>(cells.length);
        for (Object c : cells) {
            out.add(quote(format(c)));
        }
        text.append(String.join(",", out)).append("\r\n");
        return this;
    }

    public void write(Path file) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return text.toString();
    }

    /** Numbers without locale surprises; NaN as an empty cell, so spreadsheets see "no value". */
    static String format(Object c) {
        if (c instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return "";
            }
            // Six significant digits, never exponent notation: easy on spreadsheets and diffs.
            return new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        }
        return String.valueOf(c);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
