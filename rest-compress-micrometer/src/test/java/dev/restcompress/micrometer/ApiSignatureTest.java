package dev.restcompress.micrometer;

import dev.restcompress.apicheck.ApiFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The signatures of this module's API are those in the committed
 * {@code rest-compress-micrometer/api/rest-compress-micrometer.api}. After an intended change:
 * {@code scripts/accept-api.sh}.
 */
class ApiSignatureTest {
    @Test
    void apiIsTheCommittedOne() throws Exception {
        ApiFile.check("rest-compress-micrometer", ApiSignatureTest.class, List.of("dev.restcompress.micrometer"));
    }
}
