package dev.restcompress.bench.soak;

import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The soak's chart, one SVG of four stacked panels over time (RSS and NMT; heap after GC; NMT Other
 * and direct buffers; threads and fds) with the phases marked: text, so it renders in any browser or
 * Markdown viewer.
 */
final class SoakChart {
    private SoakChart() {
    }

    static void write(Path svg, List<Sample> samples, List<SoakMain.PhaseRun> runs, List<SoakReport.Series> memory,
            List<SoakReport.Series> counts, String title) {
        List<List<SoakReport.Series>> panels = List.of(memory.subList(0, 2), memory.subList(2, 3), memory.subList(3, 5),
                counts);
        List<XyChart> charts = new ArrayList<>();
        for (int p = 0; p < panels.size(); p++) {
            XyChart chart = new XyChart(960, 230, p == 0 ? title : null, p == panels.size() - 1 ? "seconds" : null,
                    p == panels.size() - 1 ? "count" : "MB", false, false).tightY();
            double top = 0;
            for (int k = 0; k < panels.get(p).size(); k++) {
                SoakReport.Series s = panels.get(p).get(k);
                top = Math.max(top, samples.stream().mapToDouble(s::of).filter(v -> !Double.isNaN(v)).max().orElse(0));
                chart.line(s.name(), samples, x -> x.tMillis() / 1000.0, s::of, XyChart::noError, false, k);
            }
            for (SoakMain.PhaseRun r : runs) {
                chart.vertical(r.startMs() / 1000.0, p == 0 ? r.name() : null, top);
            }
            charts.add(chart);
        }
        XyChart.writeSvg(svg, charts);
    }
}
