package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The observation seam: the data path reports every body to it exactly once, whatever its coding
 * (dictionary codings and bodies decoded on unannotated methods included). Statistics and JDK Flight
 * Recorder listen behind it ({@code server.internal.observe}); the data path knows neither. A response
 * served from the cache of encoded variants ({@link EncodedVariants}) ran no codec and is not reported
 * here (its codec time would skew the costs per level that predict the adaptive step): the cache counts it.
 */
public final class BodyObserver {
    private BodyObserver() {
    }

    /**
     * Where one response body is reported: one instance per method, coding and adaptive step, built at
     * deployment and carried by the {@link EncodingPlan}. Implementations are immutable and thread-safe.
     */
    public interface Encode {
        /** Reports nothing (a plan built outside a deployment, as in unit tests). */
        Encode NONE = new Encode() {
            @Override
            public Object begin() {
                return null;
            }

            @Override
            public void encoded(Object begun, long in, long out, long nanos, boolean streamed, String sentCoding) {
            }
        };

        /** Called as the codec starts on a body; what it returns is handed back to {@link #encoded}. */
        Object begin();

        /**
         * One body is done: {@code in} entity bytes went out as {@code out} bytes after {@code nanos}
         * in the codec; {@code sentCoding} is the coding sent ({@code identity} when it did not shrink).
         */
        void encoded(Object begun, long in, long out, long nanos, boolean streamed, String sentCoding);
    }

    /** Where one method's decoded request bodies are reported. Thread-safe. */
    public interface Decode {
        /**
         * The decoded body of {@code coded}, as {@code decoding} makes it, wrapped so that the body is
         * reported once when it is closed ({@code applied}: the codings undone).
         */
        InputStream observe(List<Codec> applied, InputStream coded, Decoding decoding) throws IOException;
    }

    /** Decodes a coded request body (bounded). */
    @FunctionalInterface
    public interface Decoding {
        InputStream decode(InputStream coded) throws IOException;
    }
}
