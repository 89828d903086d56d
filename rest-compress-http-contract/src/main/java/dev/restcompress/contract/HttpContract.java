package dev.restcompress.contract;

import dev.restcompress.contract.app.ContractResource;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * The HTTP contract of rest-compress on any JAX-RS runtime, seen on the wire with a client that never
 * decodes. A runtime's test module extends this class and says where {@link ContractResource} is
 * served; every part comes with it, one interface per concern:
 * {@link NegotiationContract} (q-values, ties, 406), {@link ResponseEncodingContract} (the one-shot path
 * with an exact {@code Content-Length}, threshold, {@code Vary}, ETags of encoded variants),
 * {@link StreamingContract} (flushes that reach the client), {@link RequestDecodingContract} (400, 413
 * including bombs, 415, each rejection logged in one line without a stack trace),
 * {@link DictionaryContract} (RFC 9842), {@link AdaptiveContract} (levels under pressure) and
 * {@link ValidatorContract} (a strong ETag per variant, 304 across variants, ranges),
 * {@link CacheContract} (the cache of encoded variants), {@link BreachContract} (methods carrying
 * secrets), {@link EmptyCodedBodyContract} (an empty coded body is a 400, sized or chunked) and
 * {@link LiveDecoderBoundContract} (503 with {@code Retry-After} beyond the live-decoder bound). A new
 * part is an interface extending {@link ContractPart}, added to the list below.
 * {@link ContainerCompressionContract} (the container's own compression on beside the library) is not in
 * the list: a runtime runs it in a second test class whose server has that compression on.
 *
 * <p>The server must run with {@code rest-compress.max-decoded-size} = {@value #MAX_DECODED_SIZE},
 * {@code rest-compress.request-decoding} = {@code all}, {@code rest-compress.max-live-decoders} =
 * {@value #MAX_LIVE_DECODERS}, and {@code rest-compress.adaptive.pressure-source} = {@value #PRESSURE_SOURCE}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class HttpContract implements NegotiationContract, ResponseEncodingContract, StreamingContract,
        RequestDecodingContract, DictionaryContract, AdaptiveContract, ValidatorContract, CacheContract,
        BreachContract, EmptyCodedBodyContract, LiveDecoderBoundContract {

    /** Where {@link ContractResource} ({@code contract/...}) is served. */
    protected abstract URI baseUri();

    /**
     * Whether this runtime sends encoded one-shot bodies with an exact {@code Content-Length} (true for
     * every runtime tested so far).
     */
    protected boolean declaresLength() {
        return true;
    }

    /**
     * Whether the server logs into this JVM's {@code java.util.logging}, so the contract can check that
     * each rejected body gives one log line and no stack trace (true for servers started in the test
     * JVM). A server in a process of its own (WildFly) says false, and only the status is checked.
     */
    protected boolean logsInProcess() {
        return true;
    }

    @Override
    public final Target target() {
        return new Target(baseUri(), declaresLength(), logsInProcess());
    }
}
