package dev.restcompress.server;

import jakarta.ws.rs.core.FeatureContext;

/**
 * Registers the library's exception mappers once per application, whichever of
 * {@link RestCompressFeature} and {@link ResteasyAutoRegistration} runs first (a dynamic feature
 * cannot register them).
 */
final class ApplicationProviders {
    private ApplicationProviders() {
    }

    static void registerMappers(FeatureContext context) {
        if (!context.getConfiguration().isRegistered(DecompressionExceptionMapper.class)) {
            context.register(new DecompressionExceptionMapper());
        }
        if (!context.getConfiguration().isRegistered(RejectedBodyMapper.class)) {
            context.register(new RejectedBodyMapper());
        }
    }
}
