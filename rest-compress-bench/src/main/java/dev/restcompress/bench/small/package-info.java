/** The small-payload suite: where compression, with or without a shared dictionary, stops paying. */
package dev.restcompress.bench.small;
