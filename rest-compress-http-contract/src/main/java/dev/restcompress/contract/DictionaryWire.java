package dev.restcompress.contract;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdInputStream;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.dictionary.CompressionDictionary;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * The client's side of shared dictionaries (RFC 9842) for the contract: the dictionary's bytes and
 * hash, and the {@code dcz}/{@code dcb} framing, checked and written here from the RFC (magic, then the
 * dictionary's SHA-256). {@code dcz} is coded with zstd-jni directly (a raw-content dictionary), not
 * with rest-compress; {@code dcb} with the library's codec, because brotli4j offers decoding with a
 * dictionary only through its native wrapper. Stateless.
 */
public final class DictionaryWire {
    /** A zstd skippable frame of 32 bytes: what a {@code dcz} body starts with, then the hash. */
    private static final byte[] DCZ_MAGIC = {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00};
    private static final byte[] DCB_MAGIC = {(byte) 0xff, 0x44, 0x43, 0x42};
    private static final int ZSTD_LEVEL = 3;
    private static final int BROTLI_QUALITY = 5;

    private DictionaryWire() {
    }

    /** The bytes of the contract's static dictionary, as its class-path resource holds them. */
    public static byte[] staticDictionary() {
        try (InputStream in = ContractResource.class.getResourceAsStream(ContractResource.DICTIONARY_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing " + ContractResource.DICTIONARY_RESOURCE);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code Available-Dictionary}'s value for {@code dictionary}: its SHA-256 as a structured-field byte sequence. */
    public static String availableDictionary(byte[] dictionary) {
        return ":" + Base64.getEncoder().encodeToString(sha256(dictionary)) + ":";
    }

    /** Decodes a {@code dcz} or {@code dcb} body after checking that its header names {@code dictionary}. */
    public static byte[] decode(String coding, byte[] dictionary, byte[] body) {
        byte[] header = header(coding, dictionary);
        if (body.length < header.length || !Arrays.equals(header, Arrays.copyOf(body, header.length))) {
            throw new AssertionError(coding + " body does not start with the magic and the dictionary's hash: "
                    + hex(Arrays.copyOf(body, Math.min(body.length, header.length))));
        }
        if (coding.equals("dcz")) {
            try (ZstdInputStream in = new ZstdInputStream(
                    new ByteArrayInputStream(body, header.length, body.length - header.length))) {
                in.setDict(dictionary);
                return in.readAllBytes();
            } catch (IOException e) {
                throw new AssertionError("not a zstd frame against the dictionary", e);
            }
        }
        try (InputStream in = brotli(dictionary).decompressingStream(new ByteArrayInputStream(body), Integer.MAX_VALUE)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new AssertionError("not a brotli stream against the dictionary", e);
        }
    }

    /** {@code plain} coded as {@code dcz} or {@code dcb} against {@code dictionary}. */
    public static byte[] encode(String coding, byte[] dictionary, byte[] plain) {
        if (coding.equals("dcz")) {
            byte[] frame = Zstd.compress(plain, new ZstdDictCompress(dictionary, ZSTD_LEVEL));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(header(coding, dictionary));
            out.writeBytes(frame);
            return out.toByteArray();
        }
        Codec dcb = brotli(dictionary);
        byte[] out = new byte[dcb.maxCompressedLength(plain.length)];
        return Arrays.copyOf(out, dcb.compress(plain, 0, plain.length, out, 0));
    }

    private static Codec brotli(byte[] dictionary) {
        return DictionaryCodecs.createUnpooled("dcb", CompressionDictionary.of("contract", dictionary, "/*", ""),
                BROTLI_QUALITY);
    }

    private static byte[] header(String coding, byte[] dictionary) {
        byte[] magic = switch (coding) {
            case "dcz" -> DCZ_MAGIC;
            case "dcb" -> DCB_MAGIC;
            default -> throw new IllegalArgumentException(coding);
        };
        byte[] h = Arrays.copyOf(magic, magic.length + 32);
        System.arraycopy(sha256(dictionary), 0, h, magic.length, 32);
        return h;
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x));
        }
        return sb.toString();
    }
}
