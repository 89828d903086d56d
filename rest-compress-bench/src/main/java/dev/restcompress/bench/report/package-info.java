/** Output formats shared by every suite: markdown, CSV, result tables, charts (XChart); depends on no suite. */
package dev.restcompress.bench.report;
