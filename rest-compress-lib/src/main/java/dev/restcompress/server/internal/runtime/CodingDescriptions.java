package dev.restcompress.server.internal.runtime;

import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import java.util.List;
import java.util.stream.Collectors;

/** The start-up line's list of codings, each as its provider describes it ("gzip (libdeflate)"). */
public final class CodingDescriptions {
    private CodingDescriptions() {
    }

    static String of(List<String> codings) {
        return codings.stream().map(c -> {
            CodingProvider p = CodingProviders.find(c);
            return p == null ? c : p.description();
        }).collect(Collectors.joining(", "));
    }
}
