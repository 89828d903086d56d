package dev.restcompress.apicheck;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a class file that make up its API, read straight from the bytes (JVMS chapter 4).
 * Reading the file instead of loading the class keeps the listing independent of the JDK that runs
 * the test and of the class path: a public class that links against a runtime the test does not
 * have (Jersey's SPI, Quarkus REST) is listed like any other.
 */
final class ClassFile {
    static final int ACC_PUBLIC = 0x0001;
    static final int ACC_PRIVATE = 0x0002;
    static final int ACC_PROTECTED = 0x0004;
    static final int ACC_STATIC = 0x0008;
    static final int ACC_FINAL = 0x0010;
    static final int ACC_VOLATILE = 0x0040;
    static final int ACC_BRIDGE = 0x0040;
    static final int ACC_TRANSIENT = 0x0080;
    static final int ACC_VARARGS = 0x0080;
    static final int ACC_INTERFACE = 0x0200;
    static final int ACC_ABSTRACT = 0x0400;
    static final int ACC_SYNTHETIC = 0x1000;
    static final int ACC_ANNOTATION = 0x2000;
    static final int ACC_ENUM = 0x4000;

    /** A field or a method. */
    record Member(int access, String name, String descriptor, String signature, List<String> exceptions,
            List<String> annotations, String constantValue, String annotationDefault) {
    }

    final String name;          // binary name with dots: dev.restcompress.codec.Levels$Range
    final int access;           // the real flags: those of the InnerClasses entry for a nested type
    final String superName;     // null for java.lang.Object and module-info
    final List<String> interfaces;
    final String signature;     // generic signature, or null
    final List<String> annotations;
    final List<Member> fields;
    final List<Member> methods;
    /** For a nested type: the binary name of the enclosing type; null for a top-level, local or anonymous one. */
    final String outerName;
    /** True for a local or anonymous class: never part of an API. */
    final boolean localOrAnonymous;

    private final Object[] pool;

    private ClassFile(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        pool = readPool(in);
        int flags = in.readUnsignedShort();
        name = className(in.readUnsignedShort());
        int superIndex = in.readUnsignedShort();
        superName = superIndex == 0 ? null : className(superIndex);
        int count = in.readUnsignedShort();
        List<String> ifaces = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ifaces.add(className(in.readUnsignedShort()));
        }
        interfaces = List.copyOf(ifaces);
        fields = readMembers(in);
        methods = readMembers(in);
        Attributes attrs = readAttributes(in);
        signature = attrs.signature;
        annotations = attrs.annotations;
        int realFlags = flags;
        String outer = null;
        boolean local = false;
        for (int[] entry : attrs.innerClasses) {
            if (entry[0] != 0 && className(entry[0]).equals(name)) {
                realFlags = entry[3];
                outer = entry[1] == 0 ? null : className(entry[1]);
                local = entry[1] == 0;
            }
        }
        access = realFlags;
        outerName = outer;
        localOrAnonymous = local;
    }

    static ClassFile read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(Files.readAllBytes(file)))) {
            return new ClassFile(in);
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    boolean isInterface() {
        return (access & ACC_INTERFACE) != 0;
    }

    private static Object[] readPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        Object[] pool = new Object[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> pool[i] = in.readUTF(); // the class file's modified UTF-8 is DataInput's
                case 3 -> pool[i] = in.readInt();
                case 4 -> pool[i] = in.readFloat();
                case 5 -> {
                    pool[i] = in.readLong();
                    i++; // long and double take two entries
                }
                case 6 -> {
                    pool[i] = in.readDouble();
                    i++;
                }
                case 7, 8, 16, 19, 20 -> pool[i] = new int[] {tag, in.readUnsignedShort()};
                case 9, 10, 11, 12, 17, 18 -> pool[i] = new int[] {tag, in.readUnsignedShort(), in.readUnsignedShort()};
                case 15 -> pool[i] = new int[] {tag, in.readUnsignedByte(), in.readUnsignedShort()};
                default -> throw new IOException("unknown constant pool tag " + tag + " at " + i);
            }
        }
        return pool;
    }

    private String utf8(int index) {
        return (String) pool[index];
    }

    private String className(int index) {
        return utf8(((int[]) pool[index])[1]).replace('/', '.');
    }

    private List<Member> readMembers(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        List<Member> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int flags = in.readUnsignedShort();
            String memberName = utf8(in.readUnsignedShort());
            String descriptor = utf8(in.readUnsignedShort());
            Attributes a = readAttributes(in);
            out.add(new Member(flags, memberName, descriptor, a.signature, a.exceptions, a.annotations,
                    a.constantValue, a.annotationDefault));
        }
        return List.copyOf(out);
    }

    /** The attributes the API listing uses; every other one is skipped by its length. */
    private static final class Attributes {
        String signature;
        List<String> exceptions = List.of();
        List<String> annotations = List.of();
        String constantValue;
        String annotationDefault;
        final List<int[]> innerClasses = new ArrayList<>();
    }

    private Attributes readAttributes(DataInputStream in) throws IOException {
        Attributes a = new Attributes();
        int count = in.readUnsignedShort();
        for (int i = 0; i < count; i++) {
            String attrName = utf8(in.readUnsignedShort());
            byte[] body = in.readNBytes(in.readInt());
            DataInputStream b = new DataInputStream(new ByteArrayInputStream(body));
            switch (attrName) {
                case "Signature" -> a.signature = utf8(b.readUnsignedShort());
                case "Exceptions" -> {
                    List<String> ex = new ArrayList<>();
                    for (int n = b.readUnsignedShort(), k = 0; k < n; k++) {
                        ex.add(className(b.readUnsignedShort()));
                    }
                    a.exceptions = List.copyOf(ex);
                }
                case "RuntimeVisibleAnnotations" -> {
                    List<String> an = new ArrayList<>();
                    for (int n = b.readUnsignedShort(), k = 0; k < n; k++) {
                        an.add(annotation(b));
                    }
                    a.annotations = List.copyOf(an);
                }
                case "ConstantValue" -> a.constantValue = constant(b.readUnsignedShort());
                case "AnnotationDefault" -> a.annotationDefault = elementValue(b);
                case "InnerClasses" -> {
                    for (int n = b.readUnsignedShort(), k = 0; k < n; k++) {
                        a.innerClasses.add(new int[] {b.readUnsignedShort(), b.readUnsignedShort(),
                                b.readUnsignedShort(), b.readUnsignedShort()});
                    }
                }
                default -> {
                    // not part of the API listing
                }
            }
        }
        return a;
    }

    /** {@code @type(name=value, ...)}, with the values as in source. */
    private String annotation(DataInputStream b) throws IOException {
        StringBuilder s = new StringBuilder("@").append(Signatures.type(utf8(b.readUnsignedShort())));
        int pairs = b.readUnsignedShort();
        if (pairs > 0) {
            s.append('(');
            for (int k = 0; k < pairs; k++) {
                s.append(k == 0 ? "" : ", ").append(utf8(b.readUnsignedShort())).append('=').append(elementValue(b));
            }
            s.append(')');
        }
        return s.toString();
    }

    private String elementValue(DataInputStream b) throws IOException {
        char tag = (char) b.readUnsignedByte();
        return switch (tag) {
            case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z', 's' -> constantOfTag(tag, b.readUnsignedShort());
            case 'e' -> Signatures.type(utf8(b.readUnsignedShort())) + "." + utf8(b.readUnsignedShort());
            case 'c' -> Signatures.returnType(utf8(b.readUnsignedShort())) + ".class";
            case '@' -> annotation(b);
            case '[' -> {
                int n = b.readUnsignedShort();
                List<String> values = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    values.add(elementValue(b));
                }
                yield "{" + String.join(", ", values) + "}";
            }
            default -> throw new IOException("unknown element value tag " + tag);
        };
    }

    private String constantOfTag(char tag, int index) {
        Object v = pool[index];
        return switch (tag) {
            case 'Z' -> ((Integer) v) != 0 ? "true" : "false";
            case 'C' -> quote(String.valueOf((char) (int) (Integer) v), '\'');
            case 's' -> quote(utf8(index), '"');
            default -> literal(v);
        };
    }

    /** A ConstantValue attribute: the field's type decides how an int is shown, so keep it numeric. */
    private String constant(int index) {
        Object v = pool[index];
        if (v instanceof int[] ref && ref[0] == 8) {
            return quote(utf8(ref[1]), '"');
        }
        return literal(v);
    }

    private static String literal(Object v) {
        if (v instanceof Long l) {
            return l + "L";
        }
        if (v instanceof Float f) {
            return f + "f";
        }
        return String.valueOf(v);
    }

    private static String quote(String s, char q) {
        StringBuilder out = new StringBuilder().append(q);
        for (char c : s.toCharArray()) {
            if (c == q || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append(q).toString();
    }
}
