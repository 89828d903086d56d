package dev.restcompress.bench.report;

import dev.restcompress.bench.core.Stats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** Builds the markdown report: headings, paragraphs and pipe tables. Not thread-safe. */
public final class Markdown {
    private final StringBuilder text = new StringBuilder();

    public Markdown heading(int level, String title) {
        return paragraph("#".repeat(level) + ' ' + title);
    }

    public Markdown paragraph(String s) {
        text.append(s).append("\n\n");
        return this;
    }

    /** A table, its first column left-aligned and the others (numbers) right-aligned. */
    public Markdown table(List<String> header, List<List<String>> rows) {
        text.append("| ").append(String.join(" | ", header)).append(" |\n|---|")
                .append("---:|".repeat(header.size() - 1)).append('\n');
        rows.forEach(r -> text.append("| ").append(String.join(" | ", r)).append(" |\n"));
        text.append('\n');
        return this;
    }

    /** A number with {@code digits} decimals, or "n/a" for NaN or infinity. */
    public static String num(double v, int digits) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,." + digits + "f", v) : "n/a";
    }

    /** A value with its error bar, e.g. {@code 174.6 ± 3.1}; the bar is left out when unknown. */
    public static String withError(double v, double err, int digits) {
        return Double.isFinite(err) ? num(v, digits) + " ± " + num(err, digits) : num(v, digits);
    }

    /** The mean of {@code values} with its 95% interval ({@link Stats#meanAndError}), as {@link #withError}. */
    public static String mean(Collection<? extends Number> values, int digits) {
        double[] m = Stats.meanAndError(values);
        return withError(m[0], m[1], digits);
    }

    public void write(Path file) {
        write(file, text);
    }

    static void write(Path file, CharSequence text) {
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
}
