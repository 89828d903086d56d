package dev.restcompress.codec.dictionary;

import dev.restcompress.codec.MalformedInputException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads and checks the header of a dictionary-coded body against the dictionary a codec was built
 * for: a body cut short inside the header is truncated, a wrong magic or another dictionary's hash
 * is malformed. Stateless.
 */
public final class DictionaryHeaderCheck {
    private DictionaryHeaderCheck() {
    }

    /** Checks {@code in[off, off+len)} starts with {@code expected}. */
    public static void check(String coding, byte[] expected, byte[] in, int off, int len) throws MalformedInputException {
        if (len < expected.length) {
            throw MalformedInputException.truncated(coding, 0, len, new EOFException(coding + " header is truncated"));
        }
        if (!Arrays.equals(in, off, off + expected.length, expected, 0, expected.length)) {
            throw mismatch(coding, in, off, expected);
        }
    }

    /** Reads the header from {@code source} and checks it. */
    public static void check(String coding, byte[] expected, InputStream source) throws IOException {
        byte[] header = source.readNBytes(expected.length);
        check(coding, expected, header, 0, header.length);
    }

    private static MalformedInputException mismatch(String coding, byte[] in, int off, byte[] expected) {
        int magic = expected.length - dev.restcompress.dictionary.DictionaryHeaders.HASH_LENGTH;
        boolean magicOk = Arrays.equals(in, off, off + magic, expected, 0, magic);
        return new MalformedInputException(coding, 0, new IOException(magicOk
                ? coding + " body was compressed with another dictionary (hash mismatch)"
                : "not a " + coding + " body (wrong magic)"));
    }
}
