package dev.restcompress.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The columns of one result table, each declared once with a CSV name (raw value), a markdown header (shown
 * text) or both, so the CSV file and the report's table never list different things. Not thread-safe.
 */
public final class Table<T> {
    private record Column<T>(String csvName, String header, Function<T, ?> raw, Function<T, String> shown) {}

    private final List<Column<T>> columns = new ArrayList<>();

    /** A column in both: the raw value in the CSV, {@code shown} in the markdown table. */
    public Table<T> column(String csvName, String header, Function<T, ?> raw, Function<T, String> shown) {
        columns.add(new Column<>(csvName, header, raw, shown));
        return this;
    }

    /** A text column in both, shown as it is. */
    public Table<T> text(String csvName, String header, Function<T, ?> value) {
        return column(csvName, header, value, r -> String.valueOf(value.apply(r)));
    }

    /** A number column in both, shown with {@code digits} decimals ({@link Markdown#num}). */
    public Table<T> number(String csvName, String header, ToDoubleFunction<T> value, int digits) {
        return column(csvName, header, value::applyAsDouble, r -> Markdown.num(value.applyAsDouble(r), digits));
    }

    /** A value with its error bar: two CSV columns ({@code csvName}, {@code csvName_err}), one shown cell. */
    public Table<T> withError(String csvName, String header, ToDoubleFunction<T> value, ToDoubleFunction<T> error,
            int digits) {
        column(csvName, header, value::applyAsDouble,
                r -> Markdown.withError(value.applyAsDouble(r), error.applyAsDouble(r), digits));
        return csvOnly(csvName + "_err", error::applyAsDouble);
    }

    public Table<T> csvOnly(String csvName, Function<T, ?> raw) {
        return column(csvName, null, raw, null);
    }

    public Table<T> shownOnly(String header, Function<T, String> shown) {
        return column(null, header, null, shown);
    }

    /** The RFC 4180 text of {@code rows}, header row first; a null value is an empty cell. */
    public String csv(List<? extends T> rows) {
        List<Column<T>> in = columns.stream().filter(c -> c.csvName() != null).toList();
        Stream<Stream<?>> lines = Stream.concat(Stream.of(in.stream().map(Column::csvName)),
                rows.stream().map(r -> in.stream().map(c -> c.raw().apply(r))));
        return lines.map(cells -> cells.map(Table::cell).collect(Collectors.joining(",", "", "\r\n")))
                .collect(Collectors.joining());
    }

    public void writeCsv(List<? extends T> rows, Path file) {
        Markdown.write(file, csv(rows));
    }

    /** A CSV cell; a number without locale surprises (six significant digits, no exponent), NaN as "no value". */
    private static String cell(Object c) {
        String s = !(c instanceof Double d) ? String.valueOf(Objects.requireNonNullElse(c, ""))
                : !Double.isFinite(d) ? ""
                : new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        return s.matches("[^,\"\n]*") ? s : '"' + s.replace("\"", "\"\"") + '"';
    }

    public void markdown(Markdown md, List<? extends T> rows) {
        List<Column<T>> shown = columns.stream().filter(c -> c.header() != null).toList();
        md.table(shown.stream().map(Column::header).toList(),
                rows.stream().map(r -> shown.stream().map(c -> c.shown().apply(r)).toList()).toList());
    }
}
