package dev.restcompress.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** The bench's command line (picocli): quick-mode defaults, the suites' options, clear errors. */
class BenchOptionsTest {

    @Test
    void quickModeFillsInTheDefaultsAndTakesTheSuitesOptions() {
        BenchOptions o = BenchOptions.parse(new String[] {"--quick", "--load-concurrency", "1,16",
            "--overload-multipliers", "0.5,2", "--pin", "off", "--peers-servers", "ours,ours-identity",
            "--overload-on-settings", "adaptive.dwell-down=2"});

        assertTrue(o.quick);
        assertEquals(List.of(0, 1, 2, 100), List.of(o.forks, o.warmups, o.iterations, o.timeMs));
        assertEquals(List.of(0.5, 2.0), o.overload.multipliers);
        assertEquals("off", o.overload.pin);
        assertEquals(List.of("ours", "ours-identity"), o.overload.peers);
        assertEquals(List.of("-Drest-compress.adaptive.dwell-down=2"), o.overload.onSettings);
        assertEquals(List.of("large"), o.overload.mixes);
        assertFalse(o.suites.contains("bandwidth"), "bandwidth runs only with --bandwidth");
    }

    @Test
    void theFullRunKeepsItsDefaults() {
        BenchOptions o = BenchOptions.parse(new String[0]);

        assertEquals(List.of(1, 2, 3, 1000), List.of(o.forks, o.warmups, o.iterations, o.timeMs));
        assertEquals("on", o.overload.pin);
        assertEquals(List.of("large", "small-json"), o.overload.mixes);
    }

    /** Each bad command line, and what its error message must name. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"--pin maybe | maybe", "--suites codec,nope | nope", "--forks -1 | --forks",
        "--overload-on-settings no.such.key=1 | no.such.key", "--load-codings br | br", "--load-concurrency 0 | 0",
        "--no-such-option | --no-such-option"})
    void aBadValueIsAParameterErrorNamingIt(String args, String named) {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> BenchOptions.parse(args.split(" ")), args);
        assertTrue(e.getMessage().contains(named), args + ": " + e.getMessage());
    }
}
