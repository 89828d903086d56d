/**
 * Internal, not API: the data path of one response and one request body. Deciding
 * ({@link dev.restcompress.server.internal.NegotiationFilter}: one negotiation per request, cached per
 * header value, 406, {@code Vary}, 304) is apart from doing
 * ({@link dev.restcompress.server.internal.ResponseEncodingInterceptor} and its
 * {@link dev.restcompress.server.internal.EncodingOutputStream}; the
 * {@link dev.restcompress.server.internal.RequestDecodingInterceptor}); per-method policies are
 * resolved once at deployment ({@link dev.restcompress.server.internal.MethodPolicyResolver}), and
 * decoding failures become 400, 413 and 415 in one place
 * ({@link dev.restcompress.server.internal.DecodingErrors}).
 *
 * <p>What stands beside the data path is reached only through three seams defined here:
 * {@link dev.restcompress.server.internal.BodyObserver} (observation: statistics, JFR),
 * {@link dev.restcompress.server.internal.ResponsePlans} (adaptive levels) and
 * {@link dev.restcompress.server.internal.DictionaryOffer} (RFC 9842 dictionaries). This package
 * imports none of the packages behind them (ArchitectureTest pins it); docs/architecture.md draws both
 * paths.
 */
package dev.restcompress.server.internal;
