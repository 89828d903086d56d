package dev.restcompress.api;

import dev.restcompress.apicheck.ApiFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The signatures of the library's API (every public and protected type, field, constructor and
 * method of the packages {@link PublicApiTest} names) are those in the committed
 * {@code rest-compress-lib/api/rest-compress-lib.api}: a change to the API shows in the same commit,
 * as a diff a reviewer reads. After an intended change: {@code scripts/accept-api.sh}.
 */
class ApiSignatureTest {
    @Test
    void apiIsTheCommittedOne() throws Exception {
        List<String> packages = new ArrayList<>(PublicApiTest.EXPORTED);
        packages.addAll(PublicApiTest.CODING_PACKAGES);
        ApiFile.check("rest-compress-lib", ApiSignatureTest.class, packages);
    }
}
