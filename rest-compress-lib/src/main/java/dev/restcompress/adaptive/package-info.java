/**
 * Public API: adaptive compression (docs/adaptive.md). When the process runs short of
 * CPU the server first lowers the level of the negotiated coding, then switches to a cheaper coding
 * the client weighs equally, then (only when allowed) sends identity; it steps back up when the
 * pressure falls.
 *
 * <p>The parts: {@link dev.restcompress.adaptive.AdaptivePolicy}, the decision as pure functions;
 * {@link dev.restcompress.adaptive.Hysteresis}, the step state machine (two thresholds and a
 * minimum dwell); {@link dev.restcompress.adaptive.PressureSource}, the signal (by default
 * {@link dev.restcompress.adaptive.ProcessCpuPressure}); {@link dev.restcompress.adaptive.PressureMonitor},
 * the one daemon thread per application that samples the signal and publishes the current step in a
 * volatile field that the request path reads.
 */
package dev.restcompress.adaptive;
