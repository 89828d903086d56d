package dev.restcompress.server.internal.breach;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.codec.LengthPadding;
import dev.restcompress.config.BreachSettings;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;

/**
 * BREACH (CVE-2013-3587) for one resource method, resolved at deployment: which of its responses are
 * guarded ({@code rest-compress.breach.protect} and {@code @CarriesSecrets}), and per request what
 * that means.
 *
 * <p>BREACH needs the victim's browser to send requests the attacker drives, with the victim's
 * credentials attached by the browser itself. So the default ({@code credentialed}) guards a response
 * only when its request carries ambient credentials ({@link AmbientCredentials}: a {@code Cookie}, or
 * {@code Authorization} of a scheme browsers send by themselves); a request without them cannot fetch
 * that victim's secrets, and its response is compressed exactly as with the policy off (no
 * {@code Vary: Sec-Fetch-Site}, no header looked up beyond those two). A marked method, and every
 * method under {@code all}, guards every response.
 *
 * <p>A guarded response: a request a browser labels {@code Sec-Fetch-Site: cross-site} (or any value
 * it does not define) is answered unencoded; {@code same-origin}, {@code same-site} and {@code none}
 * (user-initiated) compressed as usual; a request without fetch metadata (an older browser, or a
 * non-browser client) compressed and padded by a fresh random length from 0 to
 * {@code rest-compress.breach.padding} bytes, or unencoded where the coding or a streamed body cannot
 * carry padding. A guarded response varies on {@code Sec-Fetch-Site}. Thread-safe.
 */
public final class BreachPolicy {
    /** The request header of fetch metadata that names where a request comes from. */
    public static final String SEC_FETCH_SITE = "Sec-Fetch-Site";
    /** Nothing protected. */
    public static final BreachPolicy NONE = new BreachPolicy(Scope.NONE, 0, null);

    /** What one response gets. */
    public enum Decision {
        /** Encoded as negotiated. */
        ENCODE,
        /** Encoded as negotiated, with random padding (one-shot gzip, zstd or br only). */
        PAD,
        /** Sent unencoded. */
        IDENTITY
    }

    /** Which responses of the method are guarded. */
    private enum Scope {
        NONE,
        /** Those to requests carrying ambient credentials. */
        CREDENTIALED,
        /** All. */
        EVERY
    }

    private final Scope scope;
    private final int maxPadding;
    private final RandomGenerator random;

    private BreachPolicy(Scope scope, int maxPadding, RandomGenerator random) {
        this.scope = scope;
        this.maxPadding = maxPadding;
        this.random = random;
    }

    /**
     * Whether the resource method, else its class ({@code resourceClass}, or the method's declaring class
     * when null), is marked {@link CarriesSecrets}, independently of the other annotations.
     */
    public static boolean marked(Class<?> resourceClass, Method method) {
        return method.isAnnotationPresent(CarriesSecrets.class)
                || (resourceClass != null ? resourceClass : method.getDeclaringClass())
                        .isAnnotationPresent(CarriesSecrets.class);
    }

    /** The policy of a method, {@code marked} when it (or its class) is annotated {@code @CarriesSecrets}. */
    public static BreachPolicy of(BreachSettings settings, boolean marked) {
        Scope scope = switch (settings.protect()) {
            case OFF -> Scope.NONE;
            case MARKED -> marked ? Scope.EVERY : Scope.NONE;
            case CREDENTIALED -> marked ? Scope.EVERY : Scope.CREDENTIALED;
            case ALL -> Scope.EVERY;
        };
        return scope == Scope.NONE ? NONE : new BreachPolicy(scope, settings.padding(), settings.random());
    }

    /** Whether any response of this method may be guarded. */
    public boolean protects() {
        return scope != Scope.NONE;
    }

    /**
     * Whether the response to this request is guarded (then it must vary on {@code Sec-Fetch-Site}).
     *
     * @param header the request's header by name (its values joined), {@code null} when absent
     */
    public boolean guards(UnaryOperator<String> header) {
        return switch (scope) {
            case NONE -> false;
            case EVERY -> true;
            case CREDENTIALED -> AmbientCredentials.carried(header.apply("Cookie"), header.apply("Authorization"));
        };
    }

    /** The decision for a guarded request with this {@code Sec-Fetch-Site} value ({@code null}: none sent). */
    public Decision decide(String secFetchSite) {
        if (!protects()) {
            return Decision.ENCODE;
        }
        if (secFetchSite == null) {
            return maxPadding > 0 ? Decision.PAD : Decision.ENCODE;
        }
        return switch (secFetchSite.trim().toLowerCase(Locale.ROOT)) {
            case "same-origin", "same-site", "none" -> Decision.ENCODE;
            default -> Decision.IDENTITY;
        };
    }

    /**
     * The decision for a guarded response of {@code coding}, knowing whether it may stream: padding exists
     * only for one-shot bodies of the codings that can carry it, so a response that should be padded
     * but cannot be goes out unencoded instead.
     */
    public Decision decide(String secFetchSite, String coding, boolean streaming) {
        Decision d = decide(secFetchSite);
        return d == Decision.PAD && (streaming || !LengthPadding.supports(coding)) ? Decision.IDENTITY : d;
    }

    /** A fresh padding length, from 0 to the configured most. */
    public int paddingLength() {
        return random.nextInt(maxPadding + 1);
    }

    @Override
    public String toString() {
        return switch (scope) {
            case NONE -> "not breach-protected";
            case CREDENTIALED -> "breach-protected when credentialed (padding up to " + maxPadding + " B)";
            case EVERY -> "breach-protected (padding up to " + maxPadding + " B)";
        };
    }
}
