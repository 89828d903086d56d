package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Adaptive levels on this runtime: the CPU signal reads a number, scripted pressure lowers the gzip
 * level (bodies byte-exact) and relief brings the configured level back.
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface AdaptiveContract extends ContractPart {
    /** The body the adaptive contract watches: its gzip length tells the level. */
    String ADAPTIVE_TEXT = "contract/text?size=20000";

    /**
     * Adaptive compression is on by default, so it must work on every runtime: the process CPU signal
     * reads a number here (WildFly once hid the class it came from, and every deployment failed), and a
     * scripted pressure lowers the gzip level (a larger body, still byte-exact) and its end brings the
     * configured level back. The server's own CPU load (its start-up, earlier tests) may have moved the
     * step already: the configured level's body is the one read once the statistics show the top step,
     * or, on a runtime whose statistics the resource cannot reach, the one that stays the same for 12 s
     * without pressure. Bounded waits: the sampler's period is 100 ms.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS) // the waits below add up to about 120 s at the most
    default void adaptiveLevelStepsDownUnderPressureAndBackOnThisRuntime() throws Exception {
        byte[] text = Payloads.text(20000, 0);
        wire().get(ADAPTIVE_TEXT, "gzip"); // starts the sampler
        double real = Double.NaN;
        for (int i = 0; i < 50 && Double.isNaN(real); i++) {
            Thread.sleep(100);
            wire().get(ADAPTIVE_TEXT, "gzip");
            real = Double.parseDouble(pressureReport().split(" ")[0]);
        }
        assertFalse(Double.isNaN(real), "the process CPU signal read nothing on this runtime in 5 s");
        try {
            pressure("0.0");
            int configured = awaitTopStep() ? topStepGzipLength(text) : steadyGzipLength(text);
            pressure("0.9");
            assertTrue(waitForGzipLength(text, n -> n > configured), "no lower level within 10 s of pressure ("
                    + configured + " B at the configured level; sampler: " + pressureReport() + ")");
            pressure("0.0");
            assertTrue(waitForGzipLength(text, n -> n == configured), "the configured level did not return "
                    + "within 10 s of relief");
        } finally {
            pressure("off");
        }
    }

    /** {@code GET contract/pressure}: the real CPU sample first, then what the sampler saw. */
    private String pressureReport() throws Exception {
        return new String(wire().get("contract/pressure", "identity").body(), StandardCharsets.US_ASCII);
    }

    /**
     * Waits (at most 20 s) until the server's adaptive step is back at the top after the scripted relief:
     * the server's own start-up or a busy machine may have stepped it down, and climbing back takes a
     * dwell per step, longer than the 3 s a steady body needs, so a steady body alone could be a lower
     * level's. Falls through on a runtime whose statistics are not reachable from the resource.
     *
     * @return whether the statistics showed the top step (then the next body is the configured level's)
     */
    private boolean awaitTopStep() throws Exception {
        for (int i = 0; i < 200; i++) {
            String report = pressureReport();
            if (report.contains(" step=0 ")) {
                return true;
            }
            if (report.contains(" no statistics")) {
                return false;
            }
            Thread.sleep(100);
        }
        return false;
    }

    /**
     * The gzip body's length at the top step, where the statistics say the server is: with the pressure
     * scripted to 0 the step cannot leave the top, and the report after the body confirms it did not.
     * No steadiness window needed (that is for runtimes whose statistics the contract cannot read).
     */
    private int topStepGzipLength(byte[] text) throws Exception {
        HttpResponse<byte[]> r = wire().get(ADAPTIVE_TEXT, "gzip");
        assertArrayEquals(text, gunzip(r.body()));
        String after = pressureReport();
        assertTrue(after.contains(" step=0 "), "the step left the top under a scripted pressure of 0: " + after);
        return r.body().length;
    }

    private void pressure(String script) throws Exception {
        assertEquals(200, wire().get("contract/pressure?script=" + script, "identity").statusCode());
    }

    /**
     * The gzip body's length once it has not changed for 12 s (at most 60 s), each body byte-exact.
     * Twelve seconds: the climb back after the load drops takes the smoothed signal's decay and 20
     * relief samples of 100 ms per step, and some steps change other codings' levels but not gzip's, so
     * the gzip body can stay the same across several steps of the climb. On a runtime whose statistics
     * the contract cannot read (in-process RESTEasy and CXF, where the test JVM's own work is the
     * server's CPU load) 3 s and 6 s windows both caught a lower step as the configured one.
     */
    private int steadyGzipLength(byte[] text) throws Exception {
        int length = -1;
        int same = 0;
        for (int i = 0; i < 600 && same < 120; i++) {
            HttpResponse<byte[]> r = wire().get(ADAPTIVE_TEXT, "gzip");
            assertArrayEquals(text, gunzip(r.body()));
            same = r.body().length == length ? same + 1 : 0;
            length = r.body().length;
            Thread.sleep(100);
        }
        assertEquals(120, same, "the gzip body kept changing for 60 s without pressure");
        return length;
    }

    /** Polls gzip bodies of the text (each byte-exact) until one's length passes {@code test}, at most 10 s. */
    private boolean waitForGzipLength(byte[] text, IntPredicate test) throws Exception {
        for (int i = 0; i < 100; i++) {
            HttpResponse<byte[]> r = wire().get(ADAPTIVE_TEXT, "gzip");
            assertEquals("gzip", header(r, "Content-Encoding"));
            assertArrayEquals(text, gunzip(r.body()));
            if (test.test(r.body().length)) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }
}
