/**
 * The benchmark runner: {@link dev.restcompress.bench.BenchMain} parses the command line
 * ({@code BenchOptions}), picks the codecs and files, runs the selected suites in order and checks
 * that every file they promised was written. Each suite lives in its own sub-package and is handed
 * what it needs; nothing below calls back up into this package.
 */
package dev.restcompress.bench;
