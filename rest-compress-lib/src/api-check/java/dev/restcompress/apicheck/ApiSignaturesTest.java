package dev.restcompress.apicheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The listing of a fixture class that has one of each kind of API element (fixture/Sample.java). */
class ApiSignaturesTest {
    private static final String FIXTURE = "dev.restcompress.apicheck.fixture";

    @Test
    void listsSignaturesNotOnlyNames() throws Exception {
        Map<String, List<String>> api = ApiSignatures.of(testClasses(), List.of(FIXTURE));
        String s = "dev.restcompress.apicheck.fixture.Sample";
        assertEquals(List.of(
                "public abstract class " + s + "<T extends java.lang.Comparable<T>> implements java.io.Serializable, "
                        + "java.util.function.Supplier<java.util.List<? extends T>>",
                "public static interface " + s + "$Hook",
                "@java.lang.annotation.Retention(value=java.lang.annotation.RetentionPolicy.RUNTIME) "
                        + "@java.lang.annotation.Target(value={java.lang.annotation.ElementType.METHOD, "
                        + "java.lang.annotation.ElementType.TYPE}) public static @interface " + s + "$Marker",
                "public static final enum " + s + "$Mode",
                "protected static final class " + s + "$Nested",
                "public static final record " + s + "$Pair"), List.copyOf(api.keySet()));
        assertEquals(List.of(
                "public static final int LEVEL = 6",
                "public static final java.lang.String NAME = \"sample\\u0009\\\"x\\\"\"",
                "public static final boolean ON = true",
                "protected volatile java.util.Map<java.lang.String, T[]> cache",
                "protected Sample(int, java.lang.String...) throws java.io.IOException",
                "public abstract <R extends java.lang.Number & java.lang.Comparable<R>> R convert(T, java.lang.Class<? super R>)",
                "@java.lang.Deprecated(since=\"0.1\") public static <E extends java.lang.Exception> void "
                        + "fail(java.util.function.Supplier<E>) throws E",
                "public final void flush()"), api.get(first(api, "fixture.Sample<")).subList(0, 8));
        assertEquals(List.of(
                "public abstract java.lang.String[] codings() default {\"gzip\", \"lzf\"}",
                "public abstract int level() default 3",
                "public abstract java.lang.Class<?> type() default java.lang.Object.class"),
                api.get(first(api, "$Marker")));
        assertEquals(List.of(
                "public abstract void call(long)",
                "public static " + s + "$Hook none()",
                "public default int weight()"), api.get(first(api, "$Hook")));
        assertEquals(List.of(
                "public static final " + s + "$Mode FAST",
                "public static final " + s + "$Mode SMALL",
                "public static " + s + "$Mode valueOf(java.lang.String)",
                "public static " + s + "$Mode[] values()"), api.get(first(api, "$Mode")));
        assertEquals(List.of("public Nested()"), api.get(first(api, "$Nested")));
    }

    @Test
    void aMissingPackageIsAnErrorNotAnEmptyApi() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ApiSignatures.of(testClasses(), List.of("dev.restcompress.apicheck.gone")));
        assertEquals(true, e.getMessage().contains("dev.restcompress.apicheck.gone"), e.getMessage());
    }

    @Test
    void diffShowsChangedMembersUnderTheirType() {
        String before = "# h\n\npublic class a.B\n  public void x(int)\n  public void y()\n\npublic class a.C\n  public int z\n";
        String after = "# h\n\npublic class a.B\n  public void x(long)\n  public void y()\n\npublic class a.C\n  public int z\n";
        assertEquals("  in public class a.B\n- public void x(int)\n+ public void x(long)", ApiFile.diff(before, after));
    }

    private static String first(Map<String, List<String>> api, String part) {
        return api.keySet().stream().filter(k -> k.contains(part)).findFirst().orElseThrow();
    }

    private static Path testClasses() throws Exception {
        return Path.of(ApiSignaturesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
