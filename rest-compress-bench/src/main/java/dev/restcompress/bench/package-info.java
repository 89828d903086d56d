/** The runner: {@code BenchMain} runs the chosen suites, each in its own sub-package, and checks their files. */
package dev.restcompress.bench;
