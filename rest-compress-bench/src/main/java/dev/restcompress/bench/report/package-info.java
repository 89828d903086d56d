/**
 * Output formats shared by every suite's report: markdown sections and tables, RFC 4180 CSV, and every
 * chart ({@code XyChart}: XChart, PNG or stacked SVG); and {@code StepTable}, the CSV and table of the
 * load engine's steps. Depends on no suite.
 */
package dev.restcompress.bench.report;
