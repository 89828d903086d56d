package dev.restcompress.server.internal.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Whether one method's responses skip the cache: Varnish's "hit-for-pass", per method and counted. Every
 * lookup hashes the body with a keyed hash (about 8 us for 48 KB, 2-4% of a gzip-6 response), which a
 * method whose bodies never repeat (a timestamp, a request id) pays for nothing. So after a run of
 * {@linkplain #enterAfter lookups in vain} in a row the method passes: only every {@value #PROBE_EVERY}th
 * response is looked up (hashed, marked, probed), the others are compressed as with the cache off and not
 * hashed at all. The first lookup that pays off (a hit, or a body seen before and so kept) ends the run
 * and the method looks up every response again.
 *
 * <p>What is "in vain" depends on admission: with the doorkeeper ({@code admit=second}) a first sighting
 * (no hit, nothing kept); with {@code admit=first}, where every miss is kept, any miss: a run of misses
 * without a hit.
 *
 * <p>Deterministic: the transitions depend on counts only (no clock, no random source), so tests drive
 * them exactly. Thread-safe without locks: the counts are read and written opaquely, so racing requests
 * can lose an increment or a reset, which only shifts when the method enters or leaves the mode by a
 * response or two; both counts stay within their bounds.
 */
final class PassMode {
    /**
     * One response in this many is looked up while passing. Small, so a body that starts repeating is
     * kept within about twice as many responses (two sightings; with {@code admit=first}, kept at one probe
     * and hit at the next) and hit at the next; large enough that the hash costs a seventeenth of what it
     * did (a few tenths of a percent of a response). Prime, so a recurring body is not missed by aliasing:
     * a body served every P-th response, for any P below 17, falls on a probe within P probes (the probes
     * visit every residue modulo P).
     */
    static final int PROBE_EVERY = 17;
    /**
     * Lookups in vain in a row before passing, per slot of the method's doorkeeper table (the table it
     * would have with {@code admit=first}). A mark survives n later sightings with probability
     * (1 - 1/slots)^n, which is e^-4 (under 2%) at four times the table: by then the table has forgotten
     * nearly every body seen before the run, so a run that long says that no body the method could still
     * recognise came back. Entering later would only pay the hash longer; entering earlier would give up
     * on recurring bodies the doorkeeper would still have kept. At the defaults (64 entries, 256 slots):
     * 1,024 responses; never below 256.
     */
    static final int RUN_PER_SLOT = 4;

    private static final VarHandle RUN;
    private static final VarHandle SKIPPED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            RUN = l.findVarHandle(PassMode.class, "run", int.class);
            SKIPPED = l.findVarHandle(PassMode.class, "skipped", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int enterAfter;
    /** Lookups in vain in a row, up to {@link #enterAfter} (then the method passes). Opaque. */
    @SuppressWarnings("unused") // through RUN
    private int run;
    /** While passing: responses skipped since the last lookup, below {@link #PROBE_EVERY}. Opaque. */
    @SuppressWarnings("unused") // through SKIPPED
    private int skipped;

    /** @param enterAfter lookups in vain in a row after which the method passes; at least 1 */
    PassMode(int enterAfter) {
        if (enterAfter < 1) {
            throw new IllegalArgumentException("enterAfter must be at least 1, was " + enterAfter);
        }
        this.enterAfter = enterAfter;
    }

    /** For a method whose doorkeeper table has (or would have) {@code slots} slots. */
    static PassMode forSlots(int slots) {
        return new PassMode(slots * RUN_PER_SLOT);
    }

    /** Whether this response skips the lookup (and counts it among those skipped since the last one). */
    boolean skip() {
        if ((int) RUN.getOpaque(this) < enterAfter) {
            return false;
        }
        int s = (int) SKIPPED.getOpaque(this) + 1;
        if (s < PROBE_EVERY) {
            SKIPPED.setOpaque(this, s);
            return true;
        }
        SKIPPED.setOpaque(this, 0); // this one is looked up
        return false;
    }

    /** A lookup found nothing and kept nothing worth finding again: the run grows. */
    void inVain() {
        int r = (int) RUN.getOpaque(this);
        if (r < enterAfter) {
            RUN.setOpaque(this, r + 1);
        }
    }

    /** A lookup paid off (a hit, or a body kept): the run ends, every response is looked up again. */
    void paidOff() {
        // Read first: a method that hits is not made to write the shared line on every request.
        if ((int) RUN.getOpaque(this) != 0) {
            RUN.setOpaque(this, 0);
            SKIPPED.setOpaque(this, 0);
        }
    }

    /** Whether the method passes now (tests). */
    boolean passing() {
        return (int) RUN.getOpaque(this) >= enterAfter;
    }

    /** Lookups in vain after which the method passes (tests). */
    int enterAfter() {
        return enterAfter;
    }
}
