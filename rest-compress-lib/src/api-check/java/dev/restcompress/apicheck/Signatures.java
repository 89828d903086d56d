package dev.restcompress.apicheck;

import java.util.ArrayList;
import java.util.List;

/**
 * Descriptors and generic signatures (JVMS 4.3, 4.7.9.1) written as Java source writes types:
 * {@code Ljava/util/List<Ljava/lang/String;>;} is {@code java.util.List<java.lang.String>}. Nested
 * types keep their binary {@code $}, so that every name is unambiguous.
 */
final class Signatures {
    private final String s;
    private int pos;

    private Signatures(String s) {
        this.s = s;
    }

    /** A field descriptor or field signature. */
    static String type(String descriptor) {
        Signatures p = new Signatures(descriptor);
        String t = p.javaType();
        p.end();
        return t;
    }

    /** A method's return type from a descriptor like {@code ()Ljava/lang/Class;}, or a bare field descriptor. */
    static String returnType(String descriptor) {
        return descriptor.equals("V") ? "void" : type(descriptor);
    }

    /** The parts of a method's type, from its signature if it has one, else from its descriptor. */
    record Method(String typeParameters, List<String> parameters, String returnType, List<String> exceptions) {
    }

    static Method method(String descriptorOrSignature) {
        Signatures p = new Signatures(descriptorOrSignature);
        String typeParams = p.peek() == '<' ? p.typeParameters() : "";
        p.expect('(');
        List<String> params = new ArrayList<>();
        while (p.peek() != ')') {
            params.add(p.javaType());
        }
        p.expect(')');
        String ret;
        if (p.peek() == 'V') {
            p.pos++;
            ret = "void";
        } else {
            ret = p.javaType();
        }
        List<String> exceptions = new ArrayList<>();
        while (p.pos < p.s.length() && p.peek() == '^') {
            p.pos++;
            exceptions.add(p.javaType());
        }
        p.end();
        return new Method(typeParams, List.copyOf(params), ret, List.copyOf(exceptions));
    }

    /** The parts of a class's generic signature. */
    record ClassSignature(String typeParameters, String superclass, List<String> interfaces) {
    }

    static ClassSignature classSignature(String signature) {
        Signatures p = new Signatures(signature);
        String typeParams = p.peek() == '<' ? p.typeParameters() : "";
        String superclass = p.javaType();
        List<String> interfaces = new ArrayList<>();
        while (p.pos < p.s.length()) {
            interfaces.add(p.javaType());
        }
        return new ClassSignature(typeParams, superclass, List.copyOf(interfaces));
    }

    private char peek() {
        if (pos >= s.length()) {
            throw new IllegalArgumentException("signature ends early: " + s);
        }
        return s.charAt(pos);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + pos + " of " + s);
        }
        pos++;
    }

    private void end() {
        if (pos != s.length()) {
            throw new IllegalArgumentException("unexpected text at " + pos + " of " + s);
        }
    }

    private String identifier(String stops) {
        int start = pos;
        while (stops.indexOf(peek()) < 0) {
            pos++;
        }
        return s.substring(start, pos);
    }

    /** {@code <T:Ljava/lang/Object;U::Ljava/lang/Comparable<TU;>;>} is {@code <T, U extends java.lang.Comparable<U>>}. */
    private String typeParameters() {
        expect('<');
        List<String> params = new ArrayList<>();
        while (peek() != '>') {
            String name = identifier(":");
            List<String> bounds = new ArrayList<>();
            expect(':');
            if (peek() != ':') {
                bounds.add(javaType()); // the class bound; empty when only interface bounds follow
            }
            while (peek() == ':') {
                pos++;
                bounds.add(javaType()); // interface bounds
            }
            bounds.remove("java.lang.Object");
            params.add(bounds.isEmpty() ? name : name + " extends " + String.join(" & ", bounds));
        }
        expect('>');
        return "<" + String.join(", ", params) + ">";
    }

    private String javaType() {
        char c = peek();
        pos++;
        return switch (c) {
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'D' -> "double";
            case 'F' -> "float";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'S' -> "short";
            case 'Z' -> "boolean";
            case '[' -> javaType() + "[]";
            case 'T' -> {
                String v = identifier(";");
                pos++;
                yield v;
            }
            case 'L' -> classType();
            default -> throw new IllegalArgumentException("unexpected '" + c + "' at " + (pos - 1) + " of " + s);
        };
    }

    /** After the 'L': {@code java/util/Map$Entry<TK;*>;} or {@code a/Outer<TT;>.Inner;}. */
    private String classType() {
        StringBuilder out = new StringBuilder();
        while (true) {
            out.append(identifier("<.;").replace('/', '.'));
            if (peek() == '<') {
                pos++;
                List<String> args = new ArrayList<>();
                while (peek() != '>') {
                    char w = peek();
                    if (w == '*') {
                        pos++;
                        args.add("?");
                    } else if (w == '+') {
                        pos++;
                        args.add("? extends " + javaType());
                    } else if (w == '-') {
                        pos++;
                        args.add("? super " + javaType());
                    } else {
                        args.add(javaType());
                    }
                }
                pos++;
                out.append('<').append(String.join(", ", args)).append('>');
            }
            if (peek() == '.') {
                pos++;
                out.append('.');
                continue;
            }
            expect(';');
            return out.toString();
        }
    }
}
