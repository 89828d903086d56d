package dev.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * The WAR is self-contained for a container with isolated class loaders (WildFly): library, LZF,
 * zstd-jni and brotli4j jars and the contract's application (with its dictionary) inside; test classes
 * (this module's and the contract's own, such as {@code HttpContract} and its {@code Wire}) outside.
 * Needs no container.
 */
class WarContentsIT {
    private final WebArchive war = Deployments.war("contents");

    @Test
    void holdsLibraryApplicationAndLzfJar() {
        assertTrue(war.contains("/WEB-INF/classes/dev/restcompress/server/RestCompressFeature.class"), war::toString);
        assertTrue(war.contains("/WEB-INF/classes/dev/restcompress/codec/lzf/LzfCodec.class"));
        assertTrue(war.contains("/WEB-INF/classes/dev/restcompress/annotation/LZF.class"));
        assertTrue(war.contains("/WEB-INF/classes/dev/restcompress/it/app/ContractApplication.class"));
        for (String app : new String[] {"ContractResource", "Gates", "Payloads", "SeenEncodingFilter"}) {
            assertTrue(war.contains("/WEB-INF/classes/dev/restcompress/contract/app/" + app + ".class"), app);
        }
        assertTrue(war.contains("/WEB-INF/classes/" + Deployments.NATIVE_SHIM), "the libdeflate JNI shim");
        assertTrue(war.contains("/WEB-INF/classes/" + Deployments.CODING_PROVIDERS), "the coding providers");
        assertTrue(war.getContent(p -> p.get().matches("/WEB-INF/lib/compress-lzf-.*\\.jar")).size() == 1,
                () -> war.toString(true));
        assertTrue(war.contains("/WEB-INF/classes/" + Deployments.DICTIONARY), "the contract's shared dictionary");
        for (String jar : new String[] {"zstd-jni", "brotli4j", "service", "native-linux-x86_64"}) {
            assertTrue(war.getContent(p -> p.get().matches("/WEB-INF/lib/" + jar + "-[0-9].*\\.jar")).size() == 1,
                    () -> jar + " missing: " + war.toString(true));
        }
    }

    @Test
    void leavesTheContainersApisOut() {
        for (ArchivePath p : war.getContent().keySet()) {
            String name = p.get();
            assertFalse(name.startsWith("/WEB-INF/classes/jakarta/") || name.startsWith("/WEB-INF/classes/org/jboss/")
                    || name.matches("/WEB-INF/lib/(jakarta\\.ws\\.rs|resteasy).*"), "container API in the WAR: " + name);
        }
    }

    @Test
    void leavesTheTestsOut() {
        for (ArchivePath p : war.getContent().keySet()) {
            String name = p.get();
            boolean test = name.startsWith("/WEB-INF/classes/dev/restcompress/it/")
                    && !name.startsWith("/WEB-INF/classes/dev/restcompress/it/app/")
                    || name.startsWith("/WEB-INF/classes/dev/restcompress/contract/")
                    && !name.startsWith("/WEB-INF/classes/dev/restcompress/contract/app/");
            assertFalse(test && name.endsWith(".class"), "test class in the WAR: " + name);
        }
    }
}
