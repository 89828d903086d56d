package dev.restcompress.apicheck;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The committed signature file of a published module ({@code <module>/api/<module>.api}) against
 * the listing of its compiled classes: equal, or an {@link AssertionError} with a readable diff and
 * the one command that accepts an intended change ({@value #ACCEPT_COMMAND}, which runs this check
 * with {@code -D}{@value #ACCEPT_PROPERTY}{@code =true} and so rewrites the file).
 */
public final class ApiFile {
    /** When true, the check writes the file instead of comparing. */
    public static final String ACCEPT_PROPERTY = "rest-compress.api.accept";
    /** Regenerates every published module's file. */
    public static final String ACCEPT_COMMAND = "scripts/accept-api.sh";

    private ApiFile() {
    }

    /**
     * Checks (or, with {@value #ACCEPT_PROPERTY}, writes) the signature file of the module whose
     * test classes hold {@code anchor}.
     *
     * @param module the module's artifactId, which names the file
     * @param anchor any test class of the module: its location finds the module's folder
     * @param packages the module's API packages
     */
    public static void check(String module, Class<?> anchor, List<String> packages) throws IOException {
        Path testClasses;
        try {
            testClasses = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Path classes = testClasses.resolveSibling("classes");
        Path file = testClasses.getParent().getParent().resolve("api").resolve(module + ".api");
        String actual = render(module, packages, ApiSignatures.of(classes, packages));
        if (Boolean.getBoolean(ACCEPT_PROPERTY)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            System.out.println("api: wrote " + file);
            return;
        }
        if (!Files.exists(file)) {
            throw new AssertionError("No API file " + file + " yet; write it with: " + ACCEPT_COMMAND);
        }
        String expected = Files.readString(file, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            throw new AssertionError("The public API of " + module + " differs from " + file
                    + " (- in the file, + in the classes):\n" + diff(expected, actual)
                    + "\nIf the change is intended, accept it (and commit the file with the change): "
                    + ACCEPT_COMMAND);
        }
    }

    static String render(String module, List<String> packages, Map<String, List<String>> api) {
        StringBuilder s = new StringBuilder();
        s.append("# The public API of ").append(module).append(", read from its compiled classes by ApiSignatureTest:\n");
        s.append("# every public and protected type, field, constructor and method of these packages:\n");
        for (String p : packages) {
            s.append("#   ").append(p).append('\n');
        }
        s.append("# The test fails when the classes and this file disagree. After an intended change: ")
                .append(ACCEPT_COMMAND).append('\n');
        api.forEach((type, members) -> {
            s.append('\n').append(type).append('\n');
            members.forEach(m -> s.append("  ").append(m).append('\n'));
        });
        return s.toString();
    }

    /**
     * The changed lines, each group under the type line it belongs to (the nearest unindented line
     * before it). A longest-common-subsequence diff: the files are a few thousand lines at most.
     */
    static String diff(String expected, String actual) {
        List<String> a = expected.lines().toList();
        List<String> b = actual.lines().toList();
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        String context = "";
        String printedContext = null;
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            String line;
            char mark;
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                line = a.get(i);
                mark = ' ';
                i++;
                j++;
            } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
                line = a.get(i++);
                mark = '-'; // removals first: "- old" above "+ new"
            } else {
                line = b.get(j++);
                mark = '+';
            }
            boolean typeLine = !line.isEmpty() && !line.startsWith(" ") && !line.startsWith("#");
            if (typeLine) {
                context = line;
            }
            if (mark == ' ' || line.isBlank()) {
                continue;
            }
            if (typeLine) {
                printedContext = line; // its members follow it directly
            } else if (!context.equals(printedContext) && !context.isEmpty()) {
                out.add("  in " + context);
                printedContext = context;
            }
            out.add(mark + " " + line.strip());
        }
        return String.join("\n", out);
    }
}
