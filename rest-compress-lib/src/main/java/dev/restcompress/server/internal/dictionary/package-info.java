/**
 * Internal: shared dictionaries (RFC 9842) on the server, behind the data path's
 * {@link dev.restcompress.server.internal.DictionaryOffer} seam: the dictionaries each method holds and
 * which one a request names, the pre-matching endpoint that serves them, the decoder of {@code dcz} and
 * {@code dcb} request bodies, and the capture of delta versions.
 */
package dev.restcompress.server.internal.dictionary;
