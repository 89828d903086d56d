package dev.restcompress.server.internal.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Settings from MicroProfile Config, where the runtime has it (Quarkus: {@code application.properties},
 * environment, system properties; also WildFly, Payara, Open Liberty, TomEE). Looked up after the
 * application's JAX-RS properties and before plain system properties. Absent API or no implementation:
 * nothing, never an error. Only the nested {@link Api} class touches the API, so this class loads
 * without it. Thread-safe (stateless).
 */
public final class MicroProfileConfigSource {
    private static final String PROVIDER = "org.eclipse.microprofile.config.ConfigProvider";

    private MicroProfileConfigSource() {
    }

    /** The value of {@code key}, or {@code null} when MicroProfile Config is absent or has none. */
    static String value(String key) {
        if (!present()) {
            return null;
        }
        try {
            return Api.value(key);
        } catch (RuntimeException | LinkageError e) {
            return null; // the API without an implementation ("No ConfigProviderResolver implementation found")
        }
    }

    /** Every property name MicroProfile Config knows (empty when it is absent). */
    static List<String> names() {
        if (!present()) {
            return List.of();
        }
        try {
            return Api.names();
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
    }

    private static boolean present() {
        try {
            Class.forName(PROVIDER, false, MicroProfileConfigSource.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The calls into the API; loaded only after {@link #present()} said yes. */
    private static final class Api {
        static String value(String key) {
            return org.eclipse.microprofile.config.ConfigProvider.getConfig().getOptionalValue(key, String.class)
                    .orElse(null);
        }

        static List<String> names() {
            List<String> out = new ArrayList<>();
            for (String name : org.eclipse.microprofile.config.ConfigProvider.getConfig().getPropertyNames()) {
                out.add(name);
            }
            return out;
        }
    }
}
