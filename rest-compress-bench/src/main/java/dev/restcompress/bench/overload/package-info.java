/**
 * The overload suite: the gzip capacity at saturation, then multiples of it offered in the open model
 * to the demo with {@code rest-compress.adaptive} off and on, the adaptive steps seen during each step
 * ({@code StepTrace}), and its report; also the server children both open-model suites share, pinned to
 * their core ({@code OpenModelServers}), and their options.
 */
package dev.restcompress.bench.overload;
