/** The benches' raw HTTP/1.1 client: one keep-alive socket, every received byte counted. */
package dev.restcompress.bench.http;
