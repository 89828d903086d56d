package dev.restcompress.server;

import jakarta.ws.rs.core.FeatureContext;

/**
 * Registers the library's application-wide providers once per application, whichever of
 * {@link RestCompressFeature} and {@link ResteasyAutoRegistration} runs first: the exception mappers
 * (a dynamic feature cannot register them) and the endpoint that serves static dictionaries.
 */
final class ApplicationProviders {
    private ApplicationProviders() {
    }

    static void register(FeatureContext context, CompressionBinder binder) {
        if (!context.getConfiguration().isRegistered(DecompressionExceptionMapper.class)) {
            context.register(new DecompressionExceptionMapper());
        }
        if (!context.getConfiguration().isRegistered(RejectedBodyMapper.class)) {
            context.register(new RejectedBodyMapper());
        }
        if (!context.getConfiguration().isRegistered(DictionaryEndpointFilter.class)) {
            context.register(new DictionaryEndpointFilter(binder.dictionaries()));
        }
    }
}
