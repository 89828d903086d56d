package dev.restcompress.server.internal.breach;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.codec.LengthPadding;
import dev.restcompress.config.BreachSettings;
import java.lang.reflect.Method;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * BREACH (CVE-2013-3587) for one resource method, resolved at deployment: whether its responses are
 * protected ({@code rest-compress.breach.protect} and {@code @CarriesSecrets}), and per request what
 * that means. A BREACH attacker must make the victim's browser send the requests, which a browser
 * labels {@code Sec-Fetch-Site: cross-site}; so a protected method answers such a request unencoded,
 * compresses same-origin, same-site and user-initiated ({@code none}) requests as usual, and pads the
 * compressed body of a request without fetch metadata (an older browser, or a non-browser client) by
 * a fresh random length from 0 to {@code rest-compress.breach.padding} bytes. An unknown value counts
 * as cross-site. Every response of a protected method varies on {@code Sec-Fetch-Site}. Thread-safe.
 */
public final class BreachPolicy {
    /** The request header of fetch metadata that names where a request comes from. */
    public static final String SEC_FETCH_SITE = "Sec-Fetch-Site";
    /** Nothing protected. */
    public static final BreachPolicy NONE = new BreachPolicy(false, 0);

    /** What one response gets. */
    public enum Decision {
        /** Encoded as negotiated. */
        ENCODE,
        /** Encoded as negotiated, with random padding (one-shot gzip, zstd or br only). */
        PAD,
        /** Sent unencoded. */
        IDENTITY
    }

    /** Per response, so the lengths an attacker sees cannot be predicted from earlier ones. */
    private static final SecureRandom RANDOM = new SecureRandom();

    private final boolean protects;
    private final int maxPadding;

    BreachPolicy(boolean protects, int maxPadding) {
        this.protects = protects;
        this.maxPadding = maxPadding;
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
        return settings.protects(marked) ? new BreachPolicy(true, settings.padding()) : NONE;
    }

    /** Whether this method's encoding depends on {@code Sec-Fetch-Site} (then it must vary on it). */
    public boolean protects() {
        return protects;
    }

    /** The decision for a request with this {@code Sec-Fetch-Site} value ({@code null}: none sent). */
    public Decision decide(String secFetchSite) {
        if (!protects) {
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
     * The decision for a response of {@code coding}, knowing whether it may stream: padding exists
     * only for one-shot bodies of the codings that can carry it, so a response that should be padded
     * but cannot be goes out unencoded instead.
     */
    public Decision decide(String secFetchSite, String coding, boolean streaming) {
        Decision d = decide(secFetchSite);
        return d == Decision.PAD && (streaming || !LengthPadding.supports(coding)) ? Decision.IDENTITY : d;
    }

    /** A fresh padding length, from 0 to the configured most. */
    public int paddingLength() {
        return RANDOM.nextInt(maxPadding + 1);
    }

    @Override
    public String toString() {
        return protects ? "breach-protected (padding up to " + maxPadding + " B)" : "not breach-protected";
    }
}
