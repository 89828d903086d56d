package dev.restcompress.codec;

/**
 * Optional codec capability: decompresses a body that is already in memory in one call, faster than
 * going through a stream (libdeflate decodes gzip this way). Implementations are thread-safe.
 */
public interface BufferedDecompressor {
    /**
     * Decompresses {@code in[inOff, inOff+inLen)} completely.
     *
     * @throws DecompressedSizeLimitException if the result would exceed {@code maxDecompressed}
     * @throws MalformedInputException if the input is corrupt, truncated or has trailing bytes
     */
    byte[] decompress(byte[] in, int inOff, int inLen, long maxDecompressed) throws DecompressionException;
}
