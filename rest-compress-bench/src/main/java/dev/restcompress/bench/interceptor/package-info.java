/** The interceptor suite: the RESTEasy write path with and without {@code RestCompressFeature}, and the codec alone. */
package dev.restcompress.bench.interceptor;
