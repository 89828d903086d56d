package dev.restcompress.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.decoding.ContentCodings;
import dev.restcompress.negotiation.AcceptEncoding;
import dev.restcompress.negotiation.Negotiation;
import java.util.List;

/**
 * Fuzzes header parsing: {@code Accept-Encoding} negotiation and {@code Content-Encoding} resolution
 * must never throw (other than the documented unsupported-coding exception), and a chosen coding must
 * always be one that was offered and not refused.
 */
class AcceptEncodingFuzzTest {
    private static final List<String> OFFER = List.of("lzf", "gzip");
    private static final CodecRegistry REGISTRY = CompressionSettings.fromSystemProperties().createRegistry();

    @FuzzTest(maxDuration = "60s")
    void negotiate(FuzzedDataProvider data) {
        String header = data.consumeRemainingAsString();
        AcceptEncoding ae = AcceptEncoding.parse(header);
        Negotiation n = Negotiation.negotiate(ae, OFFER);
        if (n.isEncoded()) {
            if (!OFFER.contains(n.coding())) {
                throw new AssertionError("chose an unoffered coding " + n.coding() + " for " + header);
            }
            int own = ae.weightOf(n.coding());
            if (own == 0 || (own == AcceptEncoding.ABSENT && ae.weightOf("*") <= 0)) {
                throw new AssertionError("chose a refused coding " + n.coding() + " for " + header);
            }
        }
    }

    @FuzzTest(maxDuration = "60s")
    void contentEncoding(FuzzedDataProvider data) {
        String header = data.consumeRemainingAsString();
        try {
            ContentCodings.parse(List.of(header), REGISTRY);
        } catch (ContentCodings.UnsupportedCodingException expected) {
            // 415 on the server
        }
    }
}
