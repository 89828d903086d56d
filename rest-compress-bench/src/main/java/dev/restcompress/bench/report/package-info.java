/**
 * Output formats shared by every suite's report: markdown sections and tables, RFC 4180 CSV, and
 * PNG XY charts drawn with Java2D. Knows nothing about benchmarks; depends on no other package here.
 */
package dev.restcompress.bench.report;
