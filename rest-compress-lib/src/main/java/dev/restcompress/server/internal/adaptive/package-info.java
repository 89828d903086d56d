/**
 * Internal: adaptive compression levels behind the data path's
 * {@link dev.restcompress.server.internal.ResponsePlans} seam: every plan of a method per adaptive step,
 * built once from its resolved policy; the pressure signal and the step policy themselves are in
 * {@code dev.restcompress.adaptive}.
 */
package dev.restcompress.server.internal.adaptive;
