package dev.restcompress.server.internal.dictionary;

import dev.restcompress.server.internal.RequestProperties;
import dev.restcompress.server.internal.ResponseEncodingInterceptor;
import dev.restcompress.dictionary.CompressionDictionary;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Keeps the body of a {@code @DeltaDictionary} response as the dictionary its next version is
 * compressed against. Runs inside {@link ResponseEncodingInterceptor} (a higher priority), so it
 * sees the unencoded bytes; copies at most {@code rest-compress.dictionary.max-size} of them (a
 * larger body is not kept) and stores the version once the entity was written completely.
 * Thread-safe (stateless; the per-response state travels in the request property).
 */
public final class DeltaCapture implements WriterInterceptor {
    private static final System.Logger LOG = System.getLogger(DeltaCapture.class.getName());

    /** Where a captured body goes, set by {@link MethodDictionaries#decorate}. */
    record Target(DictionarySupport support, String owner, String match, String id) {
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        if (!(context.getProperty(RequestProperties.DELTA_CAPTURE) instanceof Target target)) {
            context.proceed();
            return;
        }
        context.removeProperty(RequestProperties.DELTA_CAPTURE);
        OutputStream original = context.getOutputStream();
        Tee tee = new Tee(original, target.support().settings().maxSize());
        context.setOutputStream(tee);
        try {
            context.proceed();
        } finally {
            context.setOutputStream(original);
        }
        if (tee.copy != null && tee.copy.size() > 0) {
            try {
                target.support().keepVersion(CompressionDictionary.of(target.owner(), tee.copy.toByteArray(),
                        target.match(), target.id()));
            } catch (IllegalArgumentException e) {
                LOG.log(System.Logger.Level.DEBUG, "delta version not kept: {0}", e.getMessage());
            }
        }
    }

    /** Passes every byte on and keeps a copy up to a limit (then drops the copy). */
    private static final class Tee extends FilterOutputStream {
        private final int limit;
        ByteArrayOutputStream copy = new ByteArrayOutputStream();

        Tee(OutputStream out, int limit) {
            super(out);
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            keep(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            keep(b, off, len);
        }

        private void keep(byte[] b, int off, int len) {
            if (copy != null) {
                if (copy.size() + (long) len > limit) {
                    copy = null;
                } else {
                    copy.write(b, off, len);
                }
            }
        }
    }
}
