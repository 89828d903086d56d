package org.glassfish.jersey.fake;

import dev.restcompress.server.internal.runtime.RuntimeFramingTest;
import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.Variant;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.util.concurrent.CompletionStage;

/**
 * A RuntimeDelegate whose class name says Jersey, for RuntimeFramingTest: the library recognises the
 * runtime by that name only. Every factory method is unsupported.
 */
public class FakeJerseyRuntimeDelegate extends RuntimeDelegate {
    @Override public UriBuilder createUriBuilder() { throw new UnsupportedOperationException(); }
    @Override public Response.ResponseBuilder createResponseBuilder() { throw new UnsupportedOperationException(); }
    @Override public Variant.VariantListBuilder createVariantListBuilder() { throw new UnsupportedOperationException(); }
    @Override public <T> T createEndpoint(Application a, Class<T> t) { throw new UnsupportedOperationException(); }
    @Override public <T> HeaderDelegate<T> createHeaderDelegate(Class<T> t) { throw new UnsupportedOperationException(); }
    @Override public Link.Builder createLinkBuilder() { throw new UnsupportedOperationException(); }
    @Override public SeBootstrap.Configuration.Builder createConfigurationBuilder() { throw new UnsupportedOperationException(); }
    @Override public CompletionStage<SeBootstrap.Instance> bootstrap(Application a, SeBootstrap.Configuration c) {
        throw new UnsupportedOperationException();
    }
    @Override public CompletionStage<SeBootstrap.Instance> bootstrap(Class<? extends Application> a, SeBootstrap.Configuration c) {
        throw new UnsupportedOperationException();
    }
    @Override public EntityPart.Builder createEntityPartBuilder(String name) { throw new UnsupportedOperationException(); }
}
