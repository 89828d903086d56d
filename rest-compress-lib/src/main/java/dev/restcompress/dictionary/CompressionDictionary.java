package dev.restcompress.dictionary;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One shared compression dictionary (RFC 9842): its bytes, their SHA-256 (which names the dictionary
 * on the wire, {@code Available-Dictionary: :base64:}), the URL pattern of the requests it applies to
 * ({@code match}), and an optional id the client echoes in {@code Dictionary-ID}.
 *
 * <p>The bytes are always used as <em>raw content</em> (a prefix both sides know), as browsers do.
 * A dictionary that starts with the zstd dictionary magic {@code 37 a4 30 ec} (a file written by
 * {@code zstd --train}) is refused: zstd-jni would load it as a structured dictionary while browsers
 * load it as raw content, and the two would not agree. Prepend one byte (any) to such a file.
 *
 * <p>Immutable and thread-safe; the bytes are copied in and never handed out uncopied.
 */
public final class CompressionDictionary {
    /** Largest id a {@code Dictionary-ID} may carry (RFC 9842 section 2.1.3). */
    public static final int MAX_ID_LENGTH = 1024;
    private static final byte[] ZSTD_DICTIONARY_MAGIC = {0x37, (byte) 0xa4, 0x30, (byte) 0xec};

    private final String name;
    private final byte[] bytes;
    private final byte[] sha256;
    private final String match;
    private final String id;
    private final String hashField;
    private final String hex;

    private CompressionDictionary(String name, byte[] bytes, String match, String id) {
        this.name = Objects.requireNonNull(name, "name");
        this.bytes = bytes;
        this.match = Objects.requireNonNull(match, "match");
        this.id = id == null ? "" : id;
        if (bytes.length == 0) {
            throw new IllegalArgumentException("dictionary '" + name + "' is empty");
        }
        if (bytes.length >= 4 && Arrays.equals(bytes, 0, 4, ZSTD_DICTIONARY_MAGIC, 0, 4)) {
            throw new IllegalArgumentException("dictionary '" + name + "' starts with the zstd dictionary magic"
                    + " 37 a4 30 ec: browsers use dictionaries as raw content, zstd-jni would load it as a"
                    + " structured one; prepend one byte to the file");
        }
        if (this.id.length() > MAX_ID_LENGTH || !DictionaryHeaders.isPrintableAscii(this.id)) {
            throw new IllegalArgumentException("dictionary '" + name + "': id must be printable ASCII of at most "
                    + MAX_ID_LENGTH + " characters, was '" + this.id + "'");
        }
        this.sha256 = sha256(bytes);
        this.hashField = DictionaryHeaders.formatByteSequence(sha256);
        this.hex = HexFormat.of().formatHex(sha256);
    }

    /**
     * A dictionary of {@code bytes} (copied).
     *
     * @param name a short name, used in its URL and in log lines
     * @param match the URL pattern of the requests it applies to (RFC 9842 {@code match})
     * @param id the {@code Dictionary-ID} the client echoes, or {@code null} / empty for none
     * @throws IllegalArgumentException if the bytes are empty or a trained zstd file, or the id is invalid
     */
    public static CompressionDictionary of(String name, byte[] bytes, String match, String id) {
        return new CompressionDictionary(name, bytes.clone(), match, id);
    }

    /**
     * A dictionary read from a class-path resource ({@code /dictionaries/orders.dict}) of
     * {@code loader}.
     *
     * @throws IllegalArgumentException if the resource does not exist, naming it
     * @throws UncheckedIOException if it cannot be read
     */
    public static CompressionDictionary fromResource(String name, ClassLoader loader, String resource, String match,
            String id) {
        String path = resource.startsWith("/") ? resource.substring(1) : resource;
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("dictionary '" + name + "': class-path resource '" + resource
                        + "' not found");
            }
            return new CompressionDictionary(name, in.readAllBytes(), match, id);
        } catch (IOException e) {
            throw new UncheckedIOException("dictionary '" + name + "': cannot read '" + resource + "'", e);
        }
    }

    /** A dictionary read from a file. */
    public static CompressionDictionary fromFile(String name, Path file, String match, String id) throws IOException {
        return new CompressionDictionary(name, Files.readAllBytes(file), match, id);
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The short name. */
    public String name() {
        return name;
    }

    /** The URL pattern of the requests it applies to. */
    public String match() {
        return match;
    }

    /** The id for {@code Dictionary-ID}, empty for none. */
    public String id() {
        return id;
    }

    /** Size in bytes. */
    public int size() {
        return bytes.length;
    }

    /** A copy of the bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The bytes as a read-only buffer (no copy). */
    public ByteBuffer content() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /** A copy of the 32-byte SHA-256 of the bytes. */
    public byte[] sha256() {
        return sha256.clone();
    }

    /** Whether {@code hash} is this dictionary's SHA-256 (constant time is not needed: the hash is public). */
    public boolean hasHash(byte[] hash) {
        return hash != null && Arrays.equals(hash, sha256);
    }

    /** The hash as a structured-field byte sequence, {@code :base64:}, as {@code Available-Dictionary} carries it. */
    public String hashField() {
        return hashField;
    }

    /** The hash in lower-case hex. */
    public String hashHex() {
        return hex;
    }

    /** A strong ETag for the dictionary's bytes: {@code "sha256-<first 32 hex digits>"}. */
    public String entityTag() {
        return "\"sha256-" + hex.substring(0, 32) + "\"";
    }

    /** Whether a request for {@code path} (no query) is one this dictionary applies to. */
    public boolean matches(String path) {
        return UrlPatterns.matches(match, path);
    }

    /** The hash as a base64 string: the key the stores use. */
    String key() {
        return Base64.getEncoder().encodeToString(sha256);
    }

    @Override
    public String toString() {
        return "dictionary " + name + " (" + bytes.length + " B, " + hashField + ", match " + match + ")";
    }
}
