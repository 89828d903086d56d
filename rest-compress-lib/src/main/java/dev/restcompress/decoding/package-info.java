/**
 * Internal: the bounded decoding pipeline of a coded body, the one way the server (request bodies) and
 * the client (response bodies) decode: {@link dev.restcompress.decoding.ContentCodings} resolves a
 * {@code Content-Encoding} list to codecs and undoes them, in one codec call for small bodies or
 * through streaming decoders ({@link dev.restcompress.decoding.TrackedDecoderStream}, which frees
 * their native memory exactly once); {@link dev.restcompress.decoding.WitnessedBody} remembers a decoding
 * failure an entity reader swallowed, and {@link dev.restcompress.decoding.UpstreamDecodedBody} bounds a
 * body a server in front already inflated ({@link dev.restcompress.decoding.ContainerInflation} tells
 * one that Open Liberty inflated but left marked as coded). Depends on {@code codec}, {@code io} and {@code negotiation};
 * nothing below it depends on it. Not API (PublicApiTest pins what is).
 */
package dev.restcompress.decoding;
