package dev.restcompress.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The columns of one result table, each declared once with a CSV name (raw value), a markdown header (shown
 * text) or both, so the CSV file and the report's table never list different things. Not thread-safe.
 */
public final class Table<T> {
    private record Column<T>(String csvName, String header, Function<T, ?> raw, Function<T, String> shown) {
    }

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

    /** A column only in the CSV file. */
    public Table<T> csvOnly(String csvName, Function<T, ?> raw) {
        return column(csvName, null, raw, null);
    }

    /** A column only in the markdown table. */
    public Table<T> shownOnly(String header, Function<T, String> shown) {
        return column(null, header, null, shown);
    }

    /** The CSV text of {@code rows} (header row first; a null value is an empty cell). */
    public Csv csv(List<? extends T> rows) {
        List<Column<T>> in = columns.stream().filter(c -> c.csvName() != null).toList();
        Csv csv = new Csv(in.stream().map(Column::csvName).toArray(String[]::new));
        rows.forEach(r -> csv.row(in.stream().map(c -> Objects.requireNonNullElse(c.raw().apply(r), "")).toArray()));
        return csv;
    }

    public void writeCsv(List<? extends T> rows, Path file) {
        csv(rows).write(file);
    }

    /** Appends the markdown table of {@code rows} to {@code md}. */
    public void markdown(Markdown md, List<? extends T> rows) {
        List<Column<T>> shown = columns.stream().filter(c -> c.header() != null).toList();
        md.table(shown.stream().map(Column::header).toList(),
                rows.stream().map(r -> shown.stream().map(c -> c.shown().apply(r)).toList()).toList());
    }
}
