package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.tokens;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An empty body labelled with a coding is not a stream of that coding (none of ours is zero bytes long):
 * 400 in every coding the server takes, whether it came with {@code Content-Length: 0} or chunked, in one
 * log line without a stack trace. (It used to be a 400 sized but an empty body chunked for lzf and zstd.)
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface EmptyCodedBodyContract extends ContractPart {

    @Test
    default void anEmptyCodedBodyIs400SizedOrChunked() throws Exception {
        // The 415 for an unknown coding lists the codings this server takes.
        HttpResponse<byte[]> unknown = wire().post("contract/echo", "compress", null, new byte[] {1});
        assertEquals(415, unknown.statusCode(), () -> new String(unknown.body()));
        List<String> codings = tokens(unknown, "Accept-Encoding");
        assertTrue(codings.contains("gzip") && codings.contains("lzf"), "codings taken: " + codings);
        for (String coding : codings) {
            if (coding.equals("identity")) {
                continue;
            }
            assertRejectedInOneLine(400, coding, new byte[0]);
            if (!target().logsInProcess()) {
                assertEquals(400, postChunkedEmpty(coding).statusCode(), coding + " chunked");
                continue;
            }
            List<LogRecord> records;
            try (LogCapture logs = new LogCapture()) {
                HttpResponse<byte[]> r = postChunkedEmpty(coding);
                assertEquals(400, r.statusCode(), () -> coding + " chunked: " + new String(r.body()));
                records = logs.await(ContractPart::rejectionLine, 2_000);
            }
            ContractPart.assertOneQuietRejectionLine(records, "empty " + coding + " body");
        }
    }

    /** POSTs an empty body without a length (chunked: a body publisher of unknown length). */
    private HttpResponse<byte[]> postChunkedEmpty(String coding) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(wire().uri("contract/echo")).timeout(Wire.TIMEOUT)
                .header("Content-Type", "application/octet-stream").header("Content-Encoding", coding)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[0])))
                .build();
        return Wire.CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }
}
