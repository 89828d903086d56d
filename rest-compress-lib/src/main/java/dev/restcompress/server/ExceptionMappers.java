package dev.restcompress.server;

import jakarta.ws.rs.core.FeatureContext;

/** Registers the library's exception mappers once per application, whichever feature comes first. */
final class ExceptionMappers {
    private ExceptionMappers() {
    }

    static void register(FeatureContext context) {
        if (!context.getConfiguration().isRegistered(DecompressionExceptionMapper.class)) {
            context.register(new DecompressionExceptionMapper());
        }
        if (!context.getConfiguration().isRegistered(RejectedBodyMapper.class)) {
            context.register(new RejectedBodyMapper());
        }
    }
}
