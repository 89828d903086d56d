/**
 * The HTTP load suite (a closed-model concurrency sweep per coding against the demo on loopback) and
 * the bandwidth suite (the same through a tc-limited link between network namespaces, with the
 * codecs' break-even rates), and their reports.
 */
package dev.restcompress.bench.sweep;
