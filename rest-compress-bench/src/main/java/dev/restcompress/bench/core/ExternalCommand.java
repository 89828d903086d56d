package dev.restcompress.bench.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external command to completion; one that hangs or fails fails the suite (its numbers would lie). */
public final class ExternalCommand {
    private ExternalCommand() {}

    /** {@code cmd}'s standard output; {@code withStderr} captures standard error too (for the failure message). */
    public static String run(List<String> cmd, boolean withStderr, long timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (withStderr) {
            pb.redirectErrorStream(true);
        } else {
            pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        }
        Process p = pb.start();
        String output;
        try (InputStream in = p.getInputStream()) {
            // These commands write a few lines; reading all before waiting is bounded.
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String what = String.join(" ", cmd);
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new IOException(what + " did not finish in " + timeoutSeconds + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(what + " failed (exit " + p.exitValue() + ")" + (withStderr ? ":\n" + output.trim() : ""));
        }
        return output;
    }
}
