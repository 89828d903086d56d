package dev.restcompress.bench.core;

import dev.restcompress.bench.report.Markdown;
import java.nio.file.Path;

/**
 * What every suite gets from the runner: the results folder it writes its files into (it exists), the
 * absolute corpus folder, the report it appends its section to, and where its progress lines go.
 */
public record SuiteContext(Path out, Path corpus, Markdown md, Progress progress) {
}
