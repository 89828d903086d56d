package dev.restcompress.bench.core;

import java.util.Collection;
import picocli.CommandLine;

/** The bench's entry points read their command lines with picocli, through here. */
public final class Cli {
    private Cli() {}

    /** Parses {@code args} into {@code command}; null when help was printed; a bad command line exits with 2. */
    public static <T> T parse(T command, String[] args) {
        CommandLine cl = new CommandLine(command);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            System.err.println(e.getMessage());
            cl.usage(System.err);
            System.exit(2);
        }
        return cl.printHelpIfRequested(cl.getParseResult()) ? null : command;
    }

    /** Fails, naming the option and the value, unless every one of {@code values} is {@code allowed}. */
    public static void oneOf(String option, Collection<String> values, Collection<String> allowed) {
        for (String s : values) {
            if (!allowed.contains(s)) {
                throw new IllegalArgumentException(option + ": unknown value " + s + " (" + String.join(", ", allowed) + ")");
            }
        }
    }
}
