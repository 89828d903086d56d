package dev.restcompress.quarkus.client;

import dev.restcompress.client.RestCompressClientFeature;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * {@link CodingsApi} as a CDI-injected Rest Client ({@code @RestClient}, its URL from
 * {@code quarkus.rest-client.codings.url}) with the client feature registered declaratively, and the
 * wire recorder that sees each response before the feature decodes it.
 */
@RegisterRestClient(configKey = "codings")
@RegisterProvider(RestCompressClientFeature.class)
@RegisterProvider(WireCoding.class)
public interface RegisteredCodingsApi extends CodingsApi {
}
