package dev.restcompress.apicheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The API of a set of packages as text: one line per public or protected type (annotations,
 * modifiers, type parameters, supertypes), then one indented line per public or protected field
 * (with its constant value), constructor and method (annotations, modifiers, type parameters,
 * generic parameter and return types, varargs, throws clause, annotation default). What a caller
 * compiles or links against is exactly what this shows; synthetic and bridge members, private and
 * package-private ones, local and anonymous classes are left out. Types are sorted by name, members
 * by kind (fields, constructors, methods) and then by name, so that the text changes only when the
 * API does.
 */
final class ApiSignatures {
    private ApiSignatures() {
    }

    /**
     * The listing of the given packages of a class output folder, types in name order.
     *
     * @throws IllegalStateException when a package has no class files (renamed or moved away: the
     *     list of API packages must follow)
     */
    static Map<String, List<String>> of(Path classes, List<String> packages) throws IOException {
        Map<String, ClassFile> all = new TreeMap<>();
        for (String pkg : packages) {
            Path dir = classes.resolve(pkg.replace('.', '/'));
            List<Path> files;
            try (Stream<Path> list = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
                files = list.filter(f -> f.getFileName().toString().endsWith(".class"))
                        .filter(f -> !f.getFileName().toString().equals("package-info.class"))
                        .sorted().toList();
            }
            if (files.isEmpty()) {
                throw new IllegalStateException("API package " + pkg + " has no classes in " + classes
                        + ": was it renamed or moved? Update the list of API packages.");
            }
            for (Path f : files) {
                ClassFile c = ClassFile.read(f);
                all.put(c.name, c);
            }
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (ClassFile c : all.values()) {
            if (visible(c, all)) {
                out.put(typeLine(c), members(c));
            }
        }
        return out;
    }

    private static boolean visible(ClassFile c, Map<String, ClassFile> all) {
        if (c.localOrAnonymous || (c.access & (ClassFile.ACC_SYNTHETIC)) != 0 || !apiAccess(c.access)) {
            return false;
        }
        if (c.outerName == null) {
            return true;
        }
        ClassFile outer = all.get(c.outerName);
        return outer != null && visible(outer, all);
    }

    private static boolean apiAccess(int access) {
        return (access & (ClassFile.ACC_PUBLIC | ClassFile.ACC_PROTECTED)) != 0;
    }

    private static String typeLine(ClassFile c) {
        StringBuilder s = annotations(c.annotations);
        visibility(s, c.access);
        boolean isAnnotation = (c.access & ClassFile.ACC_ANNOTATION) != 0;
        boolean isEnum = (c.access & ClassFile.ACC_ENUM) != 0;
        boolean isRecord = "java.lang.Record".equals(c.superName);
        if ((c.access & ClassFile.ACC_STATIC) != 0) {
            s.append("static ");
        }
        if (!c.isInterface() && (c.access & ClassFile.ACC_ABSTRACT) != 0) {
            s.append("abstract ");
        }
        if ((c.access & ClassFile.ACC_FINAL) != 0) {
            s.append("final ");
        }
        s.append(isAnnotation ? "@interface " : c.isInterface() ? "interface "
                : isEnum ? "enum " : isRecord ? "record " : "class ");
        s.append(c.name);
        String superclass = c.superName;
        List<String> interfaces = c.interfaces;
        if (c.signature != null) {
            Signatures.ClassSignature sig = Signatures.classSignature(c.signature);
            s.append(sig.typeParameters());
            superclass = sig.superclass();
            interfaces = sig.interfaces();
        }
        if (isAnnotation) {
            return s.toString(); // its only supertype is java.lang.annotation.Annotation
        }
        if (!c.isInterface() && !isEnum && !isRecord && superclass != null && !superclass.equals("java.lang.Object")) {
            s.append(" extends ").append(superclass);
        }
        if (!interfaces.isEmpty()) {
            s.append(c.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
        }
        return s.toString();
    }

    private static List<String> members(ClassFile c) {
        List<String[]> keyed = new ArrayList<>(); // {sort key, line}
        for (ClassFile.Member f : c.fields) {
            if (apiAccess(f.access()) && (f.access() & ClassFile.ACC_SYNTHETIC) == 0) {
                keyed.add(new String[] {"1 " + f.name(), fieldLine(f)});
            }
        }
        for (ClassFile.Member m : c.methods) {
            if (apiAccess(m.access()) && (m.access() & (ClassFile.ACC_SYNTHETIC | ClassFile.ACC_BRIDGE)) == 0
                    && !m.name().equals("<clinit>")) {
                boolean constructor = m.name().equals("<init>");
                String line = methodLine(c, m);
                keyed.add(new String[] {(constructor ? "2 " : "3 " + m.name()) + " " + line, line});
            }
        }
        keyed.sort(Comparator.comparing(k -> k[0]));
        return keyed.stream().map(k -> k[1]).toList();
    }

    private static String fieldLine(ClassFile.Member f) {
        StringBuilder s = annotations(f.annotations());
        visibility(s, f.access());
        modifier(s, f.access(), ClassFile.ACC_STATIC, "static");
        modifier(s, f.access(), ClassFile.ACC_FINAL, "final");
        modifier(s, f.access(), ClassFile.ACC_VOLATILE, "volatile");
        modifier(s, f.access(), ClassFile.ACC_TRANSIENT, "transient");
        s.append(Signatures.type(f.signature() != null ? f.signature() : f.descriptor())).append(' ').append(f.name());
        if (f.constantValue() != null) {
            s.append(" = ").append(constant(f.descriptor(), f.constantValue()));
        }
        return s.toString();
    }

    /** A boolean or char constant is stored as an int. */
    private static String constant(String descriptor, String value) {
        return switch (descriptor) {
            case "Z" -> value.equals("0") ? "false" : "true";
            case "C" -> "(char) " + value;
            default -> value;
        };
    }

    private static String methodLine(ClassFile c, ClassFile.Member m) {
        StringBuilder s = annotations(m.annotations());
        visibility(s, m.access());
        modifier(s, m.access(), ClassFile.ACC_STATIC, "static");
        modifier(s, m.access(), ClassFile.ACC_FINAL, "final");
        modifier(s, m.access(), ClassFile.ACC_ABSTRACT, "abstract");
        if (c.isInterface() && (m.access() & (ClassFile.ACC_ABSTRACT | ClassFile.ACC_STATIC)) == 0) {
            s.append("default ");
        }
        Signatures.Method sig = Signatures.method(m.signature() != null ? m.signature() : m.descriptor());
        if (!sig.typeParameters().isEmpty()) {
            s.append(sig.typeParameters()).append(' ');
        }
        if (m.name().equals("<init>")) {
            s.append(c.name.substring(Math.max(c.name.lastIndexOf('.'), c.name.lastIndexOf('$')) + 1));
        } else {
            s.append(sig.returnType()).append(' ').append(m.name());
        }
        List<String> params = new ArrayList<>(sig.parameters());
        if ((m.access() & ClassFile.ACC_VARARGS) != 0 && !params.isEmpty()) {
            String last = params.remove(params.size() - 1);
            params.add(last.substring(0, last.length() - 2) + "...");
        }
        s.append('(').append(String.join(", ", params)).append(')');
        List<String> exceptions = sig.exceptions().isEmpty() ? m.exceptions() : sig.exceptions();
        if (!exceptions.isEmpty()) {
            s.append(" throws ").append(String.join(", ", exceptions));
        }
        if (m.annotationDefault() != null) {
            s.append(" default ").append(m.annotationDefault());
        }
        return s.toString();
    }

    private static StringBuilder annotations(List<String> annotations) {
        StringBuilder s = new StringBuilder();
        annotations.stream().sorted().forEach(a -> s.append(a).append(' '));
        return s;
    }

    private static void visibility(StringBuilder s, int access) {
        if ((access & ClassFile.ACC_PUBLIC) != 0) {
            s.append("public ");
        } else if ((access & ClassFile.ACC_PROTECTED) != 0) {
            s.append("protected ");
        }
    }

    private static void modifier(StringBuilder s, int access, int flag, String word) {
        if ((access & flag) != 0) {
            s.append(word).append(' ');
        }
    }
}
