package dev.restcompress.liberty;

import dev.restcompress.contract.ContainerCompressionContract;
import dev.restcompress.liberty.app.ContractApplication;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Open Liberty 26 with its own HTTP response compression on beside the library: the test's
 * {@code server.xml} plus {@code <compression/>} in the default endpoint (Liberty's defaults: gzip,
 * deflate, x-gzip and zlib as the client accepts them, {@code text/*}, a documented 2 KiB minimum); the contract's {@link ContainerCompressionContract} only, in a second server of its own.
 */
class LibertyContainerCompressionIT implements ContainerCompressionContract {
    /** Merged by Liberty over server.xml: the same endpoint, with its response compression on. */
    static final String COMPRESSION_ON = """
            <server>
              <httpEndpoint id="defaultHttpEndpoint">
                <compression/>
              </httpEndpoint>
            </server>
            """;
    private static LibertyServer server;

    @BeforeAll
    static void startLiberty() throws Exception {
        server = LibertyServer.start("compression", COMPRESSION_ON);
    }

    @AfterAll
    static void stopLiberty() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    public URI baseUri() {
        return server.contextRoot().resolve(ContractApplication.PATH + "/");
    }

    /** The server logs into its own messages.log (LibertyContractIT reads it for the library's lines). */
    @Override
    public boolean rejectionLogsInProcess() {
        return false;
    }

    /**
     * Liberty compresses a {@code text/*} response that carries no {@code Content-Encoding}: seen, it gzips
     * the library's 600-byte identity body too, below its documented 2 KiB minimum.
     */
    @Override
    public String codingBelowThreshold() {
        return "gzip";
    }

    /** And a marked method's cross-site answer: Liberty's compression has no per-response exclusion. */
    @Override
    public String codingOfCrossSiteSecret() {
        return "gzip";
    }
}
