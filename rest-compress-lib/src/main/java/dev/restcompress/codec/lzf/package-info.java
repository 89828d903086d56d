/**
 * The {@code lzf} coding (chunked "ZV" LZF, as the C {@code lzf} tool and other languages' LZF
 * libraries write it) on compress-lzf: {@link dev.restcompress.codec.lzf.LzfProvider} is the only
 * public type; the codec and its streaming encoder are internal.
 */
package dev.restcompress.codec.lzf;
