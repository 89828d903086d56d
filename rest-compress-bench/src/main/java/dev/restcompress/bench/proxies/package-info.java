/** The proxies suite: the library compressing in the app against nginx, Caddy and HAProxy compressing in front of it. */
package dev.restcompress.bench.proxies;
