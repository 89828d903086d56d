package dev.restcompress.server.internal.dictionary;

import dev.restcompress.server.internal.BodyObserver;
import dev.restcompress.server.internal.DecodingErrors;
import dev.restcompress.server.internal.RequestDecodingInterceptor;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.dictionary.DictionaryHeaders;
import dev.restcompress.io.NonClosingInputStream;
import dev.restcompress.negotiation.CodingTokens;
import dev.restcompress.decoding.ContentCodings;
import dev.restcompress.decoding.DecoderSlots;
import dev.restcompress.decoding.DecodersBusyException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.List;

/**
 * Decodes request bodies sent with {@code Content-Encoding: dcz} or {@code dcb} to a method with
 * dictionaries: reads the body's header, finds the dictionary its hash names among those the method
 * holds, and decodes through the same bounded path as every coding
 * ({@link ContentCodings#decodeBody}). An unknown hash or a wrong magic is 400, a body over the
 * limit 413 ({@link DecodingErrors}). Runs before {@link RequestDecodingInterceptor} (lower
 * priority) and leaves it an unencoded body. Thread-safe (immutable).
 */
public final class DictionaryRequestDecoder implements ReaderInterceptor {
    private final MethodDictionaries dictionaries;
    private final CodecRegistry registry;
    private final long maxDecodedSize;
    /** Where decoded bodies are reported; {@code null}: nowhere. */
    private final BodyObserver.Decode observer;
    private final DecoderSlots slots;

    /** @param observer where decoded bodies are reported; {@code null}: nowhere */
    public DictionaryRequestDecoder(MethodDictionaries dictionaries, CodecRegistry registry, long maxDecodedSize,
            BodyObserver.Decode observer) {
        this(dictionaries, registry, maxDecodedSize, observer, DecoderSlots.UNBOUNDED);
    }

    /** @param slots the application's bound on live streaming decoders (503 beyond it) */
    public DictionaryRequestDecoder(MethodDictionaries dictionaries, CodecRegistry registry, long maxDecodedSize,
            BodyObserver.Decode observer, DecoderSlots slots) {
        this.slots = slots;
        this.dictionaries = dictionaries;
        this.registry = registry;
        this.maxDecodedSize = maxDecodedSize;
        this.observer = observer;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MultivaluedMap<String, String> headers = context.getHeaders();
        List<String> values = headers.get(HttpHeaders.CONTENT_ENCODING);
        String coding = values == null || values.size() != 1 ? null : CodingTokens.canonical(values.get(0));
        if (!DictionaryHeaders.DCZ.equals(coding) && !DictionaryHeaders.DCB.equals(coding)) {
            return context.proceed(); // not a dictionary body (stacked codings are not supported with dictionaries)
        }
        if (!dictionaries.support().codings().contains(coding)) {
            throw DecodingErrors.unsupportedCoding(coding, registry.codings());
        }
        InputStream body = context.getInputStream();
        byte[] header = body.readNBytes(DictionaryCodecs.headerLength(coding));
        byte[] hash = DictionaryCodecs.hashOf(coding, header, 0, header.length);
        DictionarySupport.DictionaryCodecSet set = dictionaries.codecs(hash);
        if (set == null) {
            throw DecodingErrors.toException(new MalformedInputException(coding, 0, new IOException(hash == null
                    ? "not a " + coding + " body" : "unknown dictionary "
                    + DictionaryHeaders.formatByteSequence(hash))));
        }
        Codec codec = set.codec(coding);
        InputStream whole = new SequenceInputStream(new ByteArrayInputStream(header), new NonClosingInputStream(body));
        long length = RequestDecodingInterceptor.contentLength(headers);
        InputStream decoded = observer == null ? decode(codec, whole, length)
                : observer.observe(List.of(codec), whole, coded -> decode(codec, coded, length));
        return RequestDecodingInterceptor.proceedWithDecoded(context, decoded);
    }

    private InputStream decode(Codec codec, InputStream whole, long contentLength) throws IOException {
        try {
            return ContentCodings.of(codec, registry.streams()).decodeBody(whole, contentLength, maxDecodedSize, slots);
        } catch (DecompressionException e) {
            throw DecodingErrors.toException(e);
        } catch (DecodersBusyException e) {
            throw DecodingErrors.busy(e);
        }
    }
}
