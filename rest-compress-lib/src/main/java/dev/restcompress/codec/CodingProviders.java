package dev.restcompress.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The codings this process knows: the providers listed in
 * {@code META-INF/services/dev.restcompress.codec.CodingProvider} (the library lists lzf, gzip, zstd
 * and br; another jar may add its own), found once with the library's class loader. A provider whose
 * library is missing is still known (its {@link CodingProvider#availability()} says why), so that a
 * method naming it can be told precisely. Thread-safe.
 */
public final class CodingProviders {
    private static final System.Logger LOG = System.getLogger(CodingProviders.class.getName());

    private CodingProviders() {
    }

    /** Loaded once, on first use. */
    private static final class Holder {
        static final Map<String, CodingProvider> BY_CODING = load();
    }

    /** Every known provider, by token, in discovery order. */
    public static List<CodingProvider> all() {
        return List.copyOf(Holder.BY_CODING.values());
    }

    /** The provider of a token (lower case, aliases resolved), or {@code null} when none is known. */
    public static CodingProvider find(String coding) {
        return Holder.BY_CODING.get(coding);
    }

    /**
     * The provider of a token.
     *
     * @throws IllegalArgumentException naming the known codings when there is none
     */
    public static CodingProvider get(String coding) {
        CodingProvider p = find(coding);
        if (p == null) {
            throw new IllegalArgumentException("unknown content coding '" + coding + "'; known: " + Holder.BY_CODING.keySet());
        }
        return p;
    }

    private static Map<String, CodingProvider> load() {
        Map<String, CodingProvider> out = new LinkedHashMap<>();
        ServiceLoader<CodingProvider> loader = ServiceLoader.load(CodingProvider.class, CodingProvider.class.getClassLoader());
        for (var it = loader.stream().iterator(); it.hasNext(); ) {
            try {
                CodingProvider p = it.next().get();
                CodingProvider earlier = out.putIfAbsent(p.coding(), p);
                if (earlier != null) {
                    LOG.log(System.Logger.Level.WARNING, "rest-compress: two providers for coding ''{0}'': {1} and {2};"
                            + " using the first", p.coding(), earlier.getClass().getName(), p.getClass().getName());
                }
            } catch (ServiceConfigurationError e) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: a coding provider could not be loaded: {0}", e.toString());
            }
        }
        for (CodingProvider p : out.values()) {
            Availability a = p.availability();
            if (!a.available()) {
                // INFO, not WARNING: leaving out an optional library is a legitimate deployment choice.
                LOG.log(System.Logger.Level.INFO, "rest-compress: coding ''{0}'' not available: {1}", p.coding(), a.reason());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("rest-compress: no coding provider found (is META-INF/services/"
                    + CodingProvider.class.getName() + " missing from the jar?)");
        }
        return Collections.unmodifiableMap(out);
    }

    /** The available providers among {@code all()}, in discovery order. */
    public static List<CodingProvider> available() {
        List<CodingProvider> out = new ArrayList<>();
        for (CodingProvider p : Holder.BY_CODING.values()) {
            if (p.availability().available()) {
                out.add(p);
            }
        }
        return out;
    }
}
