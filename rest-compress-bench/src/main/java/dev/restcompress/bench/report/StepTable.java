package dev.restcompress.bench.report;

import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import java.nio.file.Path;
import java.util.List;

/** The CSV file and markdown table of open-model steps, shared by the overload and peers reports. */
public final class StepTable {
    private StepTable() {}

    /** Every step's columns, named once for the CSV file and the markdown table. */
    private static final Table<LoadStep> COLUMNS = new Table<LoadStep>()
            .text("label", "step", LoadStep::label)
            .csvOnly("coding", LoadStep::coding)
            .column("offered_per_s", "offered req/s", LoadStep::offeredPerSecond,
                    r -> r.offeredPerSecond() > 0 ? Markdown.num(r.offeredPerSecond(), 0) : "closed")
            .csvOnly("connections", LoadStep::connections)
            .csvOnly("seconds", LoadStep::seconds)
            .csvOnly("ok", LoadStep::ok)
            .csvOnly("completed", LoadStep::completed)
            .withError("served_per_s", "served req/s", LoadStep::servedPerSecond, LoadStep::servedPerSecondError, 0)
            .csvOnly("non2xx", LoadStep::non2xx)
            .csvOnly("timeouts", LoadStep::timeouts)
            .csvOnly("other_errors", LoadStep::otherErrors)
            .shownOnly("errors non-2xx / timeout / other", r -> r.non2xx() + " / " + r.timeouts() + " / " + r.otherErrors())
            .csvOnly("late_busy", LoadStep::lateBusy)
            .csvOnly("late_wake", LoadStep::lateWake)
            .csvOnly("unsent", LoadStep::unsent)
            .shownOnly("late busy / late wake / unsent", r -> r.lateBusy() + " / " + r.lateWake() + " / " + r.unsent())
            .number("p50_us", "p50 µs", LoadStep::p50Us, 0)
            .number("p99_us", "p99 µs", LoadStep::p99Us, 0)
            .number("p999_us", "p99.9 µs", LoadStep::p999Us, 0)
            .csvOnly("max_us", LoadStep::maxUs)
            .number("wire_bytes_per_response", "wire B/resp", LoadStep::wireBytesPerResponse, 0)
            .number("server_cpu_us_per_request", "server CPU µs/req", LoadStep::serverCpuUsPerRequest, 0)
            .number("server_io_thread_cpu_us_per_request", "of which I/O threads", LoadStep::serverIoCpuUsPerRequest, 0)
            .number("client_cpu_us_per_request", "client CPU µs/req", LoadStep::clientCpuUsPerRequest, 0)
            .csvOnly("first_error", LoadStep::firstError);

    public static void writeCsv(List<LoadStep> results, Path file) {
        COLUMNS.writeCsv(results, file);
    }

    public static void table(Markdown md, List<LoadStep> results) {
        COLUMNS.markdown(md, results);
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
                + "sent by the end of a step count with the lower bound of their latency. Served req/s counts the "
                + "correct responses completed in the step (whenever due), the latency percentiles the requests due "
                + "in it. *late busy*: sent late because every connection was busy (queued in the generator, as in "
                + "a client's pool); *late wake*: sent more than " + LoadGenerator.LATE_MS + " ms late with a "
                + "connection free, i.e. the generator itself was short of CPU; *unsent*: due in the step, never "
                + "sent. Served req/s ± is the 95% interval from the rate's spread over " + LoadGenerator.SLICES
                + " slices of the step. CPU columns: process CPU time per request (server child, from /proc; "
                + "generator JVM); *of which I/O threads*: the server's non-blocking I/O threads (XNIO's, under "
                + "Undertow), which on one pinned core spin while a task thread holding the connection's request "
                + "state is descheduled (`HttpReadListener.handleEvent`), so their share follows scheduling rather "
                + "than the work asked for.";
    }
}
