/** What every suite shares (corpus, engines, JMH runner and results, the runner's context); depends on no suite. */
package dev.restcompress.bench.core;
