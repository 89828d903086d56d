package dev.restcompress.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {
    record Row(String name, double rate, double err, String note) {}

    private static final Table<Row> COLUMNS = new Table<Row>()
            .text("name", "server", Row::name)
            .withError("rate", "req/s", Row::rate, Row::err, 1)
            .shownOnly("per second", r -> Markdown.num(r.rate(), 0) + "/s")
            .csvOnly("note", Row::note);

    private static final List<Row> ROWS = List.of(new Row("a", 1234.5, 2.25, null), new Row("b,c", Double.NaN, 1, "x"));

    @Test
    void theCsvHasEveryNamedColumnInOrderWithRawValues() {
        assertEquals("name,rate,rate_err,note\r\n" + "a,1234.5,2.25,\r\n" + "\"b,c\",,1,x\r\n", COLUMNS.csv(ROWS));
    }

    @Test
    void theMarkdownHasEveryHeadedColumnInOrderWithShownValues() {
        Markdown md = new Markdown();
        COLUMNS.markdown(md, ROWS);
        assertEquals("| server | req/s | per second |\n|---|---:|---:|\n"
                + "| a | 1,234.5 ± 2.3 | 1,235/s |\n" + "| b,c | n/a ± 1.0 | n/a/s |\n\n", md.toString());
    }
}
