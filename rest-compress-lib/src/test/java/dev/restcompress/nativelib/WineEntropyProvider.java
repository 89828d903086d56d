package dev.restcompress.nativelib;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.Provider;
import java.security.SecureRandomSpi;

/**
 * A SecureRandom for the Windows JVM under wine only (scripts/windows-jvm.sh puts it first in that
 * JVM's provider list). The JDK's own generators seed themselves from, among others, the network
 * adapters, and that native call crashes the Windows JVM under wine 8.0 (exception 0xc06d007f, a
 * delay-loaded function wine lacks, raised in NetworkInterface.getAll), so the first
 * {@code Files.createTempFile} (the shim loader's) killed the JVM. This one reads wine's view of the
 * host's {@code /dev/urandom} instead. Never used on a real machine.
 */
public final class WineEntropyProvider extends Provider {
    private static final long serialVersionUID = 1L;

    public WineEntropyProvider() {
        super("RestCompressWineEntropy", "1", "SecureRandom from the host's /dev/urandom, for tests under wine");
        put("SecureRandom.HostUrandom", HostUrandom.class.getName());
        put("SecureRandom.HostUrandom ThreadSafe", "true");
    }

    /** Reads {@code /dev/urandom} (drive Z: is the host's root under wine). */
    public static final class HostUrandom extends SecureRandomSpi {
        private static final long serialVersionUID = 1L;

        @Override
        protected void engineSetSeed(byte[] seed) {
            // The host's generator needs no seed.
        }

        @Override
        protected void engineNextBytes(byte[] bytes) {
            try (InputStream in = new FileInputStream("/dev/urandom")) {
                int off = 0;
                while (off < bytes.length) {
                    int n = in.read(bytes, off, bytes.length - off);
                    if (n < 0) {
                        throw new IOException("/dev/urandom ended");
                    }
                    off += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        protected byte[] engineGenerateSeed(int numBytes) {
            byte[] b = new byte[numBytes];
            engineNextBytes(b);
            return b;
        }
    }
}
