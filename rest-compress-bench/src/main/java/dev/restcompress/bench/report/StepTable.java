package dev.restcompress.bench.report;

import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The CSV file and markdown table of open-model steps, shared by the overload and peers reports. */
public final class StepTable {
    private StepTable() {
    }

    public static void writeCsv(List<LoadStep> results, Path file) {
        Csv csv = new Csv("label", "coding", "offered_per_s", "connections", "seconds", "ok", "completed", "served_per_s",
                "served_per_s_err", "non2xx", "timeouts", "other_errors", "late_busy", "late_wake", "unsent", "p50_us",
                "p99_us", "p999_us", "max_us", "wire_bytes_per_response", "server_cpu_us_per_request",
                "server_io_thread_cpu_us_per_request", "client_cpu_us_per_request", "first_error");
        for (LoadStep r : results) {
            csv.row(r.label(), r.coding(), r.offeredPerSecond(), r.connections(), r.seconds(), r.ok(),
                    r.completed(), r.servedPerSecond(), r.servedPerSecondError(), r.non2xx(), r.timeouts(), r.otherErrors(),
                    r.lateBusy(), r.lateWake(), r.unsent(), r.p50Us(), r.p99Us(), r.p999Us(), r.maxUs(),
                    r.wireBytesPerResponse(), r.serverCpuUsPerRequest(), r.serverIoCpuUsPerRequest(),
                    r.clientCpuUsPerRequest(), r.firstError() == null ? "" : r.firstError());
        }
        csv.write(file);
    }

    public static void table(Markdown md, List<LoadStep> results) {
        List<List<String>> rows = new ArrayList<>();
        for (LoadStep r : results) {
            rows.add(List.of(r.label(), r.offeredPerSecond() > 0 ? Markdown.num(r.offeredPerSecond(), 0) : "closed",
                    Markdown.withError(r.servedPerSecond(), r.servedPerSecondError(), 0), Markdown.num(r.p50Us(), 0),
                    Markdown.num(r.p99Us(), 0), Markdown.num(r.p999Us(), 0),
                    r.non2xx() + " / " + r.timeouts() + " / " + r.otherErrors(),
                    r.lateBusy() + " / " + r.lateWake() + " / " + r.unsent(), Markdown.num(r.wireBytesPerResponse(), 0),
                    Markdown.num(r.serverCpuUsPerRequest(), 0), Markdown.num(r.serverIoCpuUsPerRequest(), 0),
                    Markdown.num(r.clientCpuUsPerRequest(), 0)));
        }
        md.table(List.of("step", "offered req/s", "served req/s", "p50 µs", "p99 µs", "p99.9 µs",
                "errors non-2xx / timeout / other", "late busy / late wake / unsent", "wire B/resp",
                "server CPU µs/req", "of which I/O threads", "client CPU µs/req"), rows);
        long wake = results.stream().mapToLong(LoadStep::lateWake).sum();
        long due = results.stream().mapToLong(r -> r.ok() + r.errors() + r.unsent()).sum();
        if (wake * 100 > due) {
            md.paragraph("**The generator fell behind its own schedule** in " + wake + " of " + due + " requests (late "
                    + "wake-ups with a connection free): those steps measured the generator as much as the server.");
        }
    }

    public static String method() {
        return "Latency is measured from each request's due time in the open model (from sending in the closed "
                + "model) to having its body decoded and compared with the file, so queueing in a busy server or in "
                + "the generator's connection pool is not hidden (no coordinated omission); requests due but never "
                + "sent by the end of a step count with the lower bound of their latency. Served req/s counts the correct responses completed in the step (whenever due), the latency percentiles the requests due in it. *late busy*: sent late "
                + "because every connection was busy (queued in the generator, as in a client's pool); *late wake*: "
                + "sent more than " + LoadGenerator.LATE_MS + " ms late with a connection free, i.e. the generator itself "
                + "was short of CPU; *unsent*: due in the step, never sent. Served req/s ± is the 95% interval from "
                + "the rate's spread over " + LoadGenerator.SLICES + " slices of the step. CPU columns: process CPU time per "
                + "request (server child, from /proc; generator JVM); *of which I/O threads*: the server's non-blocking "
                + "I/O threads (XNIO's, under Undertow), which on one pinned core spin while a task thread holding the "
                + "connection's request state is descheduled (`HttpReadListener.handleEvent`), so their share follows "
                + "scheduling rather than the work asked for.";
    }
}
