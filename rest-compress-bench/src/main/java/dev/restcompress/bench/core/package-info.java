/**
 * What every suite shares: the corpus and the response body picked from it, the
 * {@link dev.restcompress.bench.core.Engine} abstraction over whole-array compress and decompress
 * (with the SPI engine), JMH results reduced to {@link dev.restcompress.bench.core.Measurement}s, the
 * JMH runner with the run's settings, and the {@link dev.restcompress.bench.core.SuiteContext} and
 * {@link dev.restcompress.bench.core.Progress} sink the runner passes down. Depends on no suite.
 */
package dev.restcompress.bench.core;
