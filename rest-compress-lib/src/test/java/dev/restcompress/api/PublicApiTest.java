package dev.restcompress.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API is what the exported packages make public, and it changes only on purpose: the public
 * types of the exported packages must be exactly those listed in {@code public-api.txt} (update the
 * list in the same change, so a reviewer sees it). Each coding package shows exactly one public
 * type, its provider.
 */
class PublicApiTest {
    /**
     * The API packages (their package-info says so). Not a module-info.java: the lib also compiles
     * its Quarkus REST and Jersey integration against jars that have no module names.
     */
    static final List<String> EXPORTED = List.of("dev.restcompress.annotation", "dev.restcompress.codec",
            "dev.restcompress.config", "dev.restcompress.server", "dev.restcompress.client",
            "dev.restcompress.adaptive");
    static final List<String> CODING_PACKAGES = List.of("dev.restcompress.codec.lzf", "dev.restcompress.codec.gzip",
            "dev.restcompress.codec.zstd", "dev.restcompress.codec.brotli");

    @Test
    void exportedPackagesShowExactlyTheListedTypes() throws Exception {
        List<String> actual = new ArrayList<>();
        for (String p : EXPORTED) {
            actual.addAll(publicTypes(p));
        }
        String expected = Files.readString(Path.of(Objects.requireNonNull(
                PublicApiTest.class.getResource("/public-api.txt")).toURI()), StandardCharsets.UTF_8);
        List<String> listed = expected.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertEquals(String.join("\n", listed), String.join("\n", actual),
                "public types of the exported packages changed; update src/test/resources/public-api.txt");
    }

    @Test
    void eachCodingPackageShowsOnlyItsProvider() throws Exception {
        for (String p : CODING_PACKAGES) {
            List<String> types = publicTypes(p);
            assertEquals(1, types.size(), p + ": " + types);
            assertEquals(true, types.get(0).endsWith("Provider"), p + ": " + types);
        }
    }

    /** Public classes (top-level and nested) of a package of the library, sorted by name. */
    static List<String> publicTypes(String pkg) throws IOException, URISyntaxException, ClassNotFoundException {
        // A class of the package locates its folder in the build output (not the test classes).
        Path dir = Path.of(PublicApiTest.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolveSibling("classes").resolve(pkg.replace('.', '/'));
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String simple = f.getFileName().toString().replace(".class", "");
                if (simple.equals("package-info")) {
                    continue;
                }
                String name = pkg + "." + simple;
                try {
                    if (isVisible(Class.forName(name, false, PublicApiTest.class.getClassLoader()))) {
                        out.add(name);
                    }
                } catch (LinkageError e) {
                    // Links against a runtime that is not on the test class path (Jersey's SPI):
                    // read the flags from the class file.
                    if (!simple.contains("$") && publicInClassFile(f)) {
                        out.add(name);
                    }
                }
            }
        }
        return out.stream().sorted().toList();
    }

    /** The ACC_PUBLIC flag of a top-level class, read past the class file's constant pool. */
    static boolean publicInClassFile(Path classFile) throws IOException {
        try (java.io.DataInputStream in = new java.io.DataInputStream(Files.newInputStream(classFile))) {
            in.readInt(); // magic
            in.readInt(); // minor, major
            int count = in.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> in.skipBytes(in.readUnsignedShort()); // Utf8
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++; // long and double take two entries
                    }
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    default -> throw new IOException("unknown constant pool tag " + tag + " in " + classFile);
                }
            }
            return (in.readUnsignedShort() & 0x0001) != 0;
        }
    }

    private static boolean isVisible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return !c.isAnonymousClass() && !c.isSynthetic();
    }
}
