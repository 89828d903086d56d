package dev.restcompress.negotiation;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of content-coding negotiation for one request: the coding to use (or identity),
 * whether identity would also be acceptable (so small bodies may be sent unencoded), or that nothing
 * the server offers is acceptable (406). Immutable.
 */
public final class Negotiation {
    /** The token used for "no encoding". */
    public static final String IDENTITY = "identity";

    private static final Negotiation IDENTITY_ONLY = new Negotiation(IDENTITY, true, List.of(IDENTITY));
    private static final Negotiation NOT_ACCEPTABLE = new Negotiation(null, false, List.of());

    private final String coding;
    private final boolean identityAcceptable;
    private final List<String> equallyWeighted;

    private Negotiation(String coding, boolean identityAcceptable, List<String> equallyWeighted) {
        this.coding = coding;
        this.identityAcceptable = identityAcceptable;
        this.equallyWeighted = equallyWeighted;
    }

    static Negotiation identity() {
        return IDENTITY_ONLY;
    }

    static Negotiation notAcceptable() {
        return NOT_ACCEPTABLE;
    }

    static Negotiation coding(String coding, boolean identityAcceptable) {
        return new Negotiation(Objects.requireNonNull(coding), identityAcceptable, List.of(coding));
    }

    /**
     * Chooses a content coding: the client's highest weight wins, the server's preference order
     * breaks ties (RFC 9110 section 12.5.3).
     *
     * <ul>
     *   <li>No header: identity. An empty header: identity.</li>
     *   <li>A coding's weight is its own entry's, else that of {@code *}, else 0 (not acceptable).</li>
     *   <li>Identity is acceptable unless {@code identity;q=0}, or {@code *;q=0} without an
     *       {@code identity} entry. An explicit {@code identity;q=w} competes with the codings on
     *       weight; a coding wins a tie with it.</li>
     *   <li>Nothing acceptable, identity included: {@link #isNotAcceptable()} (answer 406).</li>
     * </ul>
     *
     * @param accept the parsed header
     * @param offered codings the resource offers, lower case, most preferred first
     */
    public static Negotiation negotiate(AcceptEncoding accept, List<String> offered) {
        if (!accept.present()) {
            return IDENTITY_ONLY;
        }
        int star = accept.weightOf("*");
        int identityListed = accept.weightOf(IDENTITY);
        boolean identityAcceptable = identityListed == AcceptEncoding.ABSENT ? star != 0 : identityListed > 0;

        String best = null;
        int bestWeight = 0;
        for (String coding : offered) {
            int w = accept.weightOf(coding);
            if (w == AcceptEncoding.ABSENT) {
                w = Math.max(star, 0);
            }
            if (w > bestWeight) {
                best = coding;
                bestWeight = w;
            }
        }
        if (best != null && (identityListed == AcceptEncoding.ABSENT || bestWeight >= identityListed)) {
            return new Negotiation(best, identityAcceptable,
                    equallyWeighted(accept, offered, bestWeight, identityAcceptable));
        }
        return identityAcceptable ? IDENTITY_ONLY : NOT_ACCEPTABLE;
    }

    /**
     * The offered codings the client weighs the same as the chosen one (it among them), in the server's
     * preference order, plus {@link #IDENTITY} when identity is acceptable and not weighted lower (an
     * unlisted identity counts as equal). Adaptive compression may only switch among these.
     */
    private static List<String> equallyWeighted(AcceptEncoding accept, List<String> offered, int bestWeight,
            boolean identityAcceptable) {
        int star = accept.weightOf("*");
        List<String> out = new java.util.ArrayList<>(offered.size() + 1);
        for (String coding : offered) {
            int w = accept.weightOf(coding);
            if ((w == AcceptEncoding.ABSENT ? Math.max(star, 0) : w) == bestWeight) {
                out.add(coding);
            }
        }
        int identity = accept.weightOf(IDENTITY);
        if (identity == AcceptEncoding.ABSENT) {
            identity = star == AcceptEncoding.ABSENT ? bestWeight : star;
        }
        if (identityAcceptable && identity >= bestWeight) {
            out.add(IDENTITY);
        }
        return List.copyOf(out);
    }

    /**
     * The offered codings the client weighs the same as {@link #coding()}, that coding included, in
     * the server's preference order; {@code "identity"} among them when the client weighs identity no
     * lower. Empty when nothing is acceptable.
     */
    public List<String> equallyWeighted() {
        return equallyWeighted;
    }

    /** The chosen coding, {@link #IDENTITY}, or {@code null} when nothing is acceptable. */
    public String coding() {
        return coding;
    }

    /** Whether a coding other than identity was chosen. */
    public boolean isEncoded() {
        return coding != null && !coding.equals(IDENTITY);
    }

    /** Whether the client also accepts an unencoded body. */
    public boolean identityAcceptable() {
        return identityAcceptable;
    }

    /** Whether neither an offered coding nor identity is acceptable. */
    public boolean isNotAcceptable() {
        return coding == null;
    }

    @Override
    public String toString() {
        return isNotAcceptable() ? "Negotiation[406]"
                : "Negotiation[" + coding + (identityAcceptable ? ", identity ok]" : ", identity refused]");
    }
}
