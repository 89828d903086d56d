package dev.restcompress.dictionary;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A bounded set of dictionaries keyed by their SHA-256, least recently used evicted first once the
 * total size passes the byte cap. Each entry may expire (a dictionary a client received is usable
 * while the response that carried it is fresh; {@link Long#MAX_VALUE} for never). Used by the server
 * for the previous versions of delta resources and by the client for the dictionaries it was given.
 *
 * <p>Thread-safe: one lock, held for map operations only (no I/O, no hashing).
 */
public final class DictionaryStore {
    private final long maxBytes;
    private final LongSupplier clock;
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    private record Entry(CompressionDictionary dictionary, long expiresAtMillis) {
    }

    /**
     * @param maxBytes the most dictionary bytes held at once; a single dictionary larger than this is
     *        not kept
     */
    public DictionaryStore(long maxBytes) {
        this(maxBytes, System::currentTimeMillis);
    }

    /** With an explicit clock (milliseconds), for tests. */
    public DictionaryStore(long maxBytes, LongSupplier clock) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must be >= 0, was " + maxBytes);
        }
        this.maxBytes = maxBytes;
        this.clock = clock;
    }

    /** Keeps {@code dictionary} for ever (until evicted). */
    public boolean put(CompressionDictionary dictionary) {
        return put(dictionary, Long.MAX_VALUE);
    }

    /**
     * Keeps {@code dictionary} until {@code expiresAtMillis}, replacing an entry with the same hash,
     * and evicts the least recently used entries beyond the byte cap.
     *
     * @return whether it was kept (false when it alone is larger than the cap)
     */
    public synchronized boolean put(CompressionDictionary dictionary, long expiresAtMillis) {
        if (dictionary.size() > maxBytes) {
            return false;
        }
        Entry old = entries.put(dictionary.key(), new Entry(dictionary, expiresAtMillis));
        if (old != null) {
            bytes -= old.dictionary.size();
        }
        bytes += dictionary.size();
        Iterator<Entry> it = entries.values().iterator();
        while (bytes > maxBytes && it.hasNext()) {
            Entry e = it.next();
            it.remove();
            bytes -= e.dictionary.size();
        }
        return true;
    }

    /** The unexpired dictionary with this SHA-256, or {@code null}; counts as a use. */
    public synchronized CompressionDictionary get(byte[] sha256) {
        if (sha256 == null || sha256.length != DictionaryHeaders.HASH_LENGTH) {
            return null;
        }
        String key = java.util.Base64.getEncoder().encodeToString(sha256);
        Entry e = entries.get(key);
        if (e == null) {
            return null;
        }
        if (e.expiresAtMillis <= clock.getAsLong()) {
            entries.remove(key);
            bytes -= e.dictionary.size();
            return null;
        }
        return e.dictionary;
    }

    /**
     * The unexpired dictionary whose {@code match} pattern covers {@code path}: the one with the
     * longest pattern, then the most recently used (RFC 9842 section 2.2.2), or {@code null}.
     */
    public CompressionDictionary bestMatch(String path) {
        return bestMatch(path, d -> true);
    }

    /** As {@link #bestMatch(String)}, among the dictionaries {@code eligible} accepts (e.g. one origin's). */
    public synchronized CompressionDictionary bestMatch(String path,
            java.util.function.Predicate<CompressionDictionary> eligible) {
        long now = clock.getAsLong();
        CompressionDictionary best = null;
        List<String> expired = new ArrayList<>();
        for (Map.Entry<String, Entry> me : entries.entrySet()) {
            Entry e = me.getValue();
            if (e.expiresAtMillis <= now) {
                expired.add(me.getKey());
            } else if (eligible.test(e.dictionary) && e.dictionary.matches(path)
                    && (best == null || e.dictionary.match().length() >= best.match().length())) {
                best = e.dictionary; // iteration runs oldest use first: a later equal one is more recent
            }
        }
        for (String k : expired) {
            bytes -= entries.remove(k).dictionary.size();
        }
        return best;
    }

    /** Bytes held now. */
    public synchronized long bytes() {
        return bytes;
    }

    /** Entries held now (expired ones included until looked at). */
    public synchronized int size() {
        return entries.size();
    }

    /** The byte cap. */
    public long maxBytes() {
        return maxBytes;
    }
}
