/**
 * The peers suite: this library's gzip against RESTEasy's, Jersey's and Undertow's own, same payload,
 * same generator, same run, in rounds for error bars; and compression over HTTP against the codec alone.
 */
package dev.restcompress.bench.peers;
