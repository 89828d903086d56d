package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Timeout;

/**
 * What every part of the contract shares: the server under test ({@link #target()}), a wire client
 * that never decodes, and the assertions several parts make (Vary, exact length, a rejection in one
 * log line).
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface ContractPart {
    /**
     * The server under test as a runtime's contract test describes it.
     *
     * @param baseUri where {@code ContractResource} ({@code contract/...}) is served
     * @param declaresLength whether encoded one-shot bodies carry an exact {@code Content-Length}
     * @param logsInProcess whether the server logs into this JVM's {@code java.util.logging}
     */
    record Target(URI baseUri, boolean declaresLength, boolean logsInProcess) { }

    /** The server under test ({@link HttpContract} builds it from what the runtime's test says). */
    Target target();

    /** Whether {@code rec} is rest-compress's one line about a rejected request body. */
    static boolean rejectionLine(LogRecord rec) {
        return rec.getLoggerName() != null && rec.getLoggerName().startsWith("dev.restcompress")
                && String.valueOf(rec.getMessage()).contains("rejected");
    }

    /** The {@code rest-compress.max-decoded-size} the server under test must use. */
    int MAX_DECODED_SIZE = 64 * 1024;

    /** The {@code rest-compress.max-live-decoders} the server under test must use. */
    int MAX_LIVE_DECODERS = 4;

    /** The {@code rest-compress.adaptive.pressure-source} the server under test must use. */
    String PRESSURE_SOURCE = "dev.restcompress.contract.app.ContractPressure";

    default Wire wire() {
        return new Wire(target().baseUri());
    }

    default void assertVary(HttpResponse<?> r) {
        assertTrue(tokens(r, "Vary").contains("accept-encoding"),
                "Vary must name Accept-Encoding, was " + r.headers().allValues("Vary"));
    }

    default void assertExactLength(HttpResponse<byte[]> r) {
        if (!target().declaresLength()) {
            return;
        }
        assertEquals(Integer.toString(r.body().length), header(r, "Content-Length"), "Content-Length");
        assertFalse(tokens(r, "Transfer-Encoding").contains("chunked"), "must not be chunked");
    }

    /**
     * POSTs {@code body}, expects {@code status}, and where {@code logsInProcess()} checks the log:
     * exactly one record from rest-compress about the rejection, and no record at INFO or above carries
     * a stack trace.
     */
    default void assertRejectedInOneLine(int status, String coding, byte[] body) throws Exception {
        assertRejectedInOneLine(status, coding, body, "contract/echo");
    }

    /** As {@link #assertRejectedInOneLine(int, String, byte[])}, POSTing to {@code path}. */
    default void assertRejectedInOneLine(int status, String coding, byte[] body, String path) throws Exception {
        if (!target().logsInProcess()) {
            HttpResponse<byte[]> r = wire().post(path, coding, null, body);
            assertEquals(status, r.statusCode(), () -> new String(r.body()));
            return;
        }
        List<LogRecord> records;
        try (LogCapture logs = new LogCapture()) {
            HttpResponse<byte[]> r = wire().post(path, coding, null, body);
            assertEquals(status, r.statusCode(), () -> new String(r.body()));
            // Our line is logged before the answer; wait for it (rarely at all), bounded: 2 s.
            records = logs.await(ContractPart::rejectionLine, 2_000);
        }
        assertOneQuietRejectionLine(records, "bad body");
    }

    /**
     * Sends {@code request}, a body the server must refuse, and checks the answer with {@code check}; where
     * the server logs in this JVM ({@code logsInProcess}), also that the refusal was one quiet line
     * ({@link #assertOneQuietRejectionLine}; {@code what} names the body). An answer lost to a connection
     * reset is asked again ({@link Wire#sendAcrossResets}), each attempt in its own log capture: the lost
     * attempt logged its own line.
     */
    static <T> void assertRefusedInOneLine(boolean logsInProcess, HttpRequest request,
            HttpResponse.BodyHandler<T> handler, Consumer<HttpResponse<T>> check, String what)
            throws IOException, InterruptedException {
        if (!logsInProcess) {
            check.accept(Wire.sendAcrossResets(request, handler));
            return;
        }
        for (int attempt = 1; ; attempt++) {
            List<LogRecord> records;
            try (LogCapture logs = new LogCapture()) {
                HttpResponse<T> r;
                try {
                    r = Wire.CLIENT.send(request, handler);
                } catch (IOException e) {
                    if (!Wire.lostToReset(e, attempt)) {
                        throw e;
                    }
                    continue;
                }
                check.accept(r);
                // Our line may come after the answer on some runtimes: wait for it, bounded (2 s).
                records = logs.await(ContractPart::rejectionLine, 2_000);
            }
            assertOneQuietRejectionLine(records, what);
            return;
        }
    }

    /**
     * Asserts that {@code records} hold exactly one rest-compress line about the rejected body and nothing
     * louder: no stack trace (as a Throwable or printed into the message, as CXF's default mapper does)
     * and no WARNING, since a client's bad body is no fault of the server's.
     */
    static void assertOneQuietRejectionLine(List<LogRecord> records, String what) {
        List<LogRecord> ours = records.stream().filter(ContractPart::rejectionLine).toList();
        assertEquals(1, ours.size(), () -> "one rest-compress line per rejection, got " + describe(records));
        List<LogRecord> traces = records.stream()
                .filter(rec -> rec.getThrown() != null || String.valueOf(rec.getMessage()).contains("\tat ")
                        || rec.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
                .toList();
        assertTrue(traces.isEmpty(), () -> "no stack trace and no warning for a client's " + what + ", got "
                + describe(traces));
    }

    private static String describe(List<LogRecord> records) {
        StringBuilder sb = new StringBuilder();
        for (LogRecord rec : records) {
            sb.append("\n  ").append(rec.getLevel()).append(' ').append(rec.getLoggerName()).append(": ")
                    .append(rec.getMessage());
            if (rec.getThrown() != null) {
                sb.append(" [thrown ").append(rec.getThrown()).append(']');
            }
        }
        return sb.toString();
    }
}
