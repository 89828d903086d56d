package dev.restcompress.jerseyauto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.DictionaryWire;
import dev.restcompress.contract.LogCapture;
import dev.restcompress.contract.SeBootstrapServer;
import dev.restcompress.contract.Wire;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import dev.restcompress.server.RestCompressDynamicFeature;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.core.Application;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Jersey with auto-discovery off and only {@link RestCompressDynamicFeature} listed: the annotated
 * methods are bound, but nothing registers the pre-matching filter that serves a {@code @Dictionary}'s
 * dictionary (a dynamic feature cannot). The library must say so at start-up in one WARNING that names
 * the fix ({@link RestCompressFeature}); the dictionary codings still work for clients that hold the
 * dictionary already.
 */
@Timeout(60)
class JerseyDynamicFeatureOnlyTest {

    /** The resources and the dynamic feature only; Jersey's auto-discovery (JerseyAutoRegistration) off. */
    public static class DynamicFeatureOnly extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(ContractResource.class, RestCompressDynamicFeature.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of("jersey.config.disableAutoDiscovery", true);
        }
    }

    @Test
    void aDictionaryWithoutItsEndpointIsReportedOnceNamingTheFix() throws Exception {
        List<LogRecord> records;
        try (LogCapture logs = new LogCapture()) {
            try (SeBootstrapServer server = SeBootstrapServer.start(new DynamicFeatureOnly())) {
                Wire wire = new Wire(server.baseUri());
                assertEquals(404, wire.get("_dictionaries/" + ContractResource.DICTIONARY, null).statusCode(),
                        "nothing serves the dictionary in this setup");
                byte[] dictionary = DictionaryWire.staticDictionary();
                HttpResponse<byte[]> r = wire.get("contract/dict/order/8", "dcz",
                        "Available-Dictionary", DictionaryWire.availableDictionary(dictionary));
                assertEquals("dcz", Wire.header(r, "Content-Encoding"), "the method itself is bound");
                assertArrayEquals(Payloads.order(8).getBytes(StandardCharsets.US_ASCII),
                        DictionaryWire.decode("dcz", dictionary, r.body()));
            }
            records = logs.await(0, 0);
        }
        SimpleFormatter text = new SimpleFormatter();
        List<String> warnings = records.stream()
                .filter(rec -> rec.getLevel() == Level.WARNING)
                .filter(rec -> rec.getLoggerName() != null && rec.getLoggerName().startsWith("dev.restcompress"))
                .map(text::formatMessage)
                .filter(m -> m.contains("@Dictionary"))
                .toList();
        assertEquals(1, warnings.size(), () -> "one start-up line about the missing endpoint, got " + warnings);
        assertTrue(warnings.get(0).contains(RestCompressFeature.class.getName()), warnings.get(0));
    }
}
