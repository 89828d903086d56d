package dev.restcompress.client;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.config.DictionarySettings;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import dev.restcompress.dictionary.DictionaryStore;
import dev.restcompress.dictionary.UseAsDictionary;
import dev.restcompress.negotiation.AcceptEncoding;
import dev.restcompress.negotiation.CodingTokens;
import dev.restcompress.decoding.ContentCodings;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client half of shared dictionaries (RFC 9842), as one request and response filter:
 * <ul>
 *   <li>a response with a valid {@code Use-As-Dictionary} that is fresh ({@code Cache-Control:
 *       max-age} above zero, no {@code no-store}) and at most {@code rest-compress.dictionary.max-size}
 *       bytes is kept (after any ordinary decoding) in a bounded store until it goes stale;</li>
 *   <li>a request to the same origin whose path a kept dictionary matches gets
 *       {@code Available-Dictionary}, {@code Dictionary-ID} when the dictionary has an id, and
 *       {@code dcz}/{@code dcb} added to {@code Accept-Encoding};</li>
 *   <li>a {@code dcz} or {@code dcb} response is decoded (bounded, like every coding) with the
 *       dictionary its header names; one naming a dictionary the client no longer holds is passed on
 *       untouched, like any coding the client does not know.</li>
 * </ul>
 * The request half ({@link #announcer()}) runs after {@code Accept-Encoding} is set; the response
 * half ({@link #receiver()}) after ordinary decoding, so a dictionary that came gzip-encoded is kept
 * decoded. Thread-safe: the store locks, the codec cache locks.
 */
final class ClientDictionaries {
    private static final int CODEC_CACHE = 8;

    private final DictionaryStore store;
    private final DictionarySettings settings;
    /** The client's codecs and limits, resolved at its first request. */
    private final ClientCompression compression;
    private final List<String> codings;
    private final Map<String, Codec> codecs = new LinkedHashMap<>(16, 0.75f, true);

    ClientDictionaries(DictionarySettings settings, ClientCompression compression) {
        this.settings = settings;
        this.compression = compression;
        this.store = new DictionaryStore(settings.clientStoreBytes());
        List<String> c = new ArrayList<>();
        for (String coding : List.of(DictionaryHeaders.DCZ, DictionaryHeaders.DCB)) {
            if (DictionaryCodecs.available(coding)) {
                c.add(coding);
            }
        }
        this.codings = List.copyOf(c);
    }

    /** Whether this process has any dictionary coding. */
    boolean usable() {
        return !codings.isEmpty();
    }

    DictionaryStore store() {
        return store;
    }

    /** The client's settings: resolved by its request filter, which runs before any part of this class. */
    private ClientCompression.Resolved resolved() {
        ClientCompression.Resolved r = compression.resolvedOrNull();
        return r != null ? r : compression.resolve(null);
    }

    /**
     * The request-body encoder for {@code dcz}/{@code dcb} (asked for like any request coding: see
     * {@link RestCompressClientFeature}): encodes with the dictionary announced for the request, or,
     * when the client holds none for its URL, with the base coding ({@code zstd}, {@code br}).
     */
    WriterInterceptor encoder() {
        return new Encoder(this);
    }

    private static final class Encoder implements WriterInterceptor {
        private final ClientDictionaries owner;

        Encoder(ClientDictionaries owner) {
            this.owner = owner;
        }

        @Override
        public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
            ClientCompression.Resolved resolved = owner.resolved();
            CodecRegistry registry = resolved.registry();
            String coding = ClientRequestEncodingInterceptor.requestedCoding(context, resolved.requestCoding());
            if (!DictionaryHeaders.DCZ.equals(coding) && !DictionaryHeaders.DCB.equals(coding)
                    || context.getHeaders().containsKey(HttpHeaders.CONTENT_ENCODING)) {
                context.proceed();
                return;
            }
            Object announced = context.getHeaders().getFirst(DictionaryHeaders.AVAILABLE_DICTIONARY);
            CompressionDictionary d = announced == null ? null
                    : owner.store.get(DictionaryHeaders.parseAvailableDictionary(announced.toString()));
            Codec codec = d != null && owner.codings.contains(coding) ? owner.codec(coding, d)
                    : registry.forCoding(DictionaryCodecs.baseCoding(coding));
            ClientRequestEncodingInterceptor.encodeBody(context, coding, codec, registry);
        }
    }

    /** The request filter. */
    ClientRequestFilter announcer() {
        return new Announcer(this);
    }

    /** The response filter. */
    ClientResponseFilter receiver() {
        return new Receiver(this);
    }

    private static final class Announcer implements ClientRequestFilter {
        private final ClientDictionaries owner;

        Announcer(ClientDictionaries owner) {
            this.owner = owner;
        }

        @Override
        public void filter(ClientRequestContext request) {
            owner.announce(request);
        }
    }

    private static final class Receiver implements ClientResponseFilter {
        private final ClientDictionaries owner;

        Receiver(ClientDictionaries owner) {
            this.owner = owner;
        }

        @Override
        public void filter(ClientRequestContext request, ClientResponseContext response) throws IOException {
            owner.receive(request, response);
        }
    }

    void announce(ClientRequestContext request) {
        URI uri = request.getUri();
        if (request.getHeaders().containsKey(DictionaryHeaders.AVAILABLE_DICTIONARY)) {
            return; // the caller chose for itself
        }
        String origin = origin(uri);
        CompressionDictionary d = store.bestMatch(uri.getRawPath(), x -> x.name().equals(origin));
        if (d == null) {
            return;
        }
        request.getHeaders().putSingle(DictionaryHeaders.AVAILABLE_DICTIONARY, d.hashField());
        if (!d.id().isEmpty()) {
            request.getHeaders().putSingle(DictionaryHeaders.DICTIONARY_ID, DictionaryHeaders.formatString(d.id()));
        }
        String accept = request.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
        AcceptEncoding parsed = AcceptEncoding.parse(accept);
        StringBuilder sb = new StringBuilder(accept == null ? "" : accept.trim());
        for (String c : codings) {
            if (parsed.weightOf(c) == AcceptEncoding.ABSENT) {
                sb.append(sb.length() == 0 ? "" : ", ").append(c);
            }
        }
        request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, sb.toString());
    }

    void receive(ClientRequestContext request, ClientResponseContext response) throws IOException {
        if (!response.hasEntity()) {
            return;
        }
        decode(response);
        keep(request, response);
    }

    private void decode(ClientResponseContext response) throws IOException {
        List<String> values = response.getHeaders().get(HttpHeaders.CONTENT_ENCODING);
        String coding = values == null || values.size() != 1 ? null : CodingTokens.canonical(values.get(0));
        if (coding == null || !codings.contains(coding)) {
            return;
        }
        InputStream body = response.getEntityStream();
        byte[] header = body.readNBytes(DictionaryCodecs.headerLength(coding));
        InputStream whole = replay(header, body);
        byte[] hash = DictionaryCodecs.hashOf(coding, header, 0, header.length);
        CompressionDictionary d = store.get(hash);
        if (d == null) {
            response.setEntityStream(whole); // not ours to decode: the caller gets the body as it came
            return;
        }
        try {
            ClientCompression.Resolved resolved = resolved();
            response.setEntityStream(ContentCodings.of(codec(coding, d), resolved.registry().streams())
                    .decodeBody(whole, response.getLength(), resolved.maxDecodedSize()));
        } catch (DecompressionException e) {
            throw e;
        }
        response.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        response.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
    }

    private void keep(ClientRequestContext request, ClientResponseContext response) throws IOException {
        UseAsDictionary use = DictionaryHeaders.parseUseAsDictionary(
                response.getHeaderString(DictionaryHeaders.USE_AS_DICTIONARY));
        if (use == null || response.getStatus() != 200) {
            return;
        }
        long maxAge = FreshnessLifetime.maxAgeSeconds(response.getHeaders().get(HttpHeaders.CACHE_CONTROL));
        String origin = origin(request.getUri());
        if (maxAge <= 0 || use.match().contains("://") && !use.match().startsWith(origin + "/")) {
            return; // stale at once, or another origin's pattern
        }
        InputStream body = response.getEntityStream();
        byte[] bytes = body.readNBytes(settings.maxSize() + 1);
        if (bytes.length > settings.maxSize()) {
            response.setEntityStream(replay(bytes, body));
            return;
        }
        response.setEntityStream(replay(bytes, body));
        if (bytes.length == 0) {
            return;
        }
        try {
            store.put(CompressionDictionary.of(origin, bytes, use.match(), use.id()),
                    System.currentTimeMillis() + Math.min(maxAge, Long.MAX_VALUE / 2000) * 1000);
        } catch (IllegalArgumentException e) {
            // A body we cannot use as raw content (a trained zstd file): keep the response, not the dictionary.
        }
    }

    private Codec codec(String coding, CompressionDictionary d) {
        String key = coding + " " + d.hashHex();
        synchronized (codecs) {
            Codec c = codecs.get(key);
            if (c == null) {
                c = DictionaryCodecs.createUnpooled(coding, d,
                        coding.equals(DictionaryHeaders.DCZ) ? settings.dczLevel() : settings.dcbLevel());
                codecs.put(key, c);
                if (codecs.size() > CODEC_CACHE) {
                    codecs.remove(codecs.keySet().iterator().next());
                }
            }
            return c;
        }
    }

    /**
     * {@code prefix} then the rest of {@code body}. Closing it closes {@code body} (the runtime's
     * stream: closing it ends the response and frees any decoder under it); reaching the end does not
     * ({@code SequenceInputStream} would, and the runtime would then refuse to read the entity).
     */
    static InputStream replay(byte[] prefix, InputStream body) {
        return new java.io.FilterInputStream(new SequenceInputStream(new ByteArrayInputStream(prefix),
                new dev.restcompress.io.NonClosingInputStream(body))) {
            @Override
            public void close() throws IOException {
                body.close();
            }
        };
    }

    static String origin(URI uri) {
        int port = uri.getPort();
        return uri.getScheme() + "://" + uri.getHost() + (port < 0 ? "" : ":" + port);
    }
}
