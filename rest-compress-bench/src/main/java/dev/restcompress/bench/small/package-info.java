/**
 * The small-payload suite: 128 B to 8 KiB bodies through the SPI for every codec, and the
 * break-even analysis that names the body size below which compression stops paying on a reference
 * link. Uses the codec catalogue of {@link dev.restcompress.bench.codec}.
 */
package dev.restcompress.bench.small;
