package dev.restcompress.server;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;

/**
 * Binds the filters and interceptors to each annotated resource method, with that method's policy
 * resolved once, here, at deployment. Methods without rest-compress annotations get nothing.
 */
final class CompressionBinder implements DynamicFeature {
    private final MethodPolicyResolver resolver;
    private final ResponseEncodingInterceptor encoder;
    private final RequestDecodingInterceptor decoder;
    private final RequestBodies requestBodies = new RequestBodies();

    CompressionBinder(CompressionSettings settings, CodecRegistry registry, BufferPool pool, int maxDeclaredLength) {
        this.resolver = new MethodPolicyResolver(settings, registry, maxDeclaredLength);
        this.encoder = new ResponseEncodingInterceptor(pool, registry.streams());
        this.decoder = new RequestDecodingInterceptor(registry, settings.maxDecodedSize());
    }

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        MethodPolicy policy = resolver.resolve(resourceInfo.getResourceClass(), resourceInfo.getResourceMethod());
        if (policy == null) {
            return;
        }
        context.register(new NegotiationFilter(policy), Priorities.HEADER_DECORATOR);
        context.register(encoder, Priorities.ENTITY_CODER);
        context.register(decoder, Priorities.ENTITY_CODER);
        // Outermost writer interceptor, so it closes the request body after every other one is done.
        context.register(requestBodies, Priorities.AUTHENTICATION);
    }
}
