/**
 * The {@code zstd} coding on zstd-jni (optional dependency): {@link dev.restcompress.codec.zstd.ZstdProvider}
 * is the only public type. Pooled native contexts for one-shot work, pooled contexts with direct
 * buffers for streaming, one native stream per streamed body with the window limited to 8 MiB.
 */
package dev.restcompress.codec.zstd;
