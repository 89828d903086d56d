package dev.restcompress.server.internal;

import jakarta.ws.rs.core.MediaType;
import java.util.Set;

/**
 * Media types whose content is already compressed, where another coding would only burn CPU.
 * Stateless.
 */
public final class CompressedMediaTypes {
    private static final Set<String> APPLICATION_SUBTYPES = Set.of(
            "zip", "gzip", "x-gzip", "zstd", "x-bzip2", "x-xz", "x-7z-compressed", "x-rar-compressed",
            "vnd.rar", "x-lzma", "x-compress", "brotli", "pdf", "octet-stream-compressed");

    private CompressedMediaTypes() {
    }

    /** Whether a body of this type is already compressed ({@code null} type: no). */
    static boolean isCompressed(MediaType type) {
        if (type == null) {
            return false;
        }
        String t = type.getType().toLowerCase(java.util.Locale.ROOT);
        String s = type.getSubtype().toLowerCase(java.util.Locale.ROOT);
        switch (t) {
            case "image":
                return !s.equals("svg+xml") && !s.equals("bmp") && !s.equals("x-icon");
            case "video":
            case "audio":
                return true;
            case "font":
                return s.equals("woff") || s.equals("woff2");
            case "application":
                return APPLICATION_SUBTYPES.contains(s);
            default:
                return false;
        }
    }
}
