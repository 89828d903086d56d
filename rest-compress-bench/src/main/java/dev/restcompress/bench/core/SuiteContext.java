package dev.restcompress.bench.core;

import dev.restcompress.bench.report.Markdown;
import java.nio.file.Path;

/** What the runner hands every suite: the (existing) results folder, the absolute corpus, the report, progress. */
public record SuiteContext(Path out, Path corpus, Markdown md, Progress progress) {}
