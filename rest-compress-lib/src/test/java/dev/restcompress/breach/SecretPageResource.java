package dev.restcompress.breach;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.Dictionary;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * The page a BREACH attacker targets: ~2.8 KB of JSON holding a 24-hex-digit CSRF token and, after it,
 * a query parameter reflected as it came (a vulnerable template), so that a guess of the token's next
 * character compresses against the token.
 */
@Path("breach")
public class SecretPageResource {
    /** The secret the attack must (not) recover. */
    public static final String TOKEN = "7f3a9c04be61d2e85a0fc3b1";
    /** The victim's session cookie's value: the unmarked page shows the token only to this session. */
    public static final String SESSION = "c0ffee5e55104d2b";
    /** The dictionary the unmarked page offers dcz and dcb with (any dictionary: the attack needs none). */
    public static final String DICTIONARY = "/dictionaries/test-orders.dict";
    public static final String DICTIONARY_MATCH = "/breach/session*";
    /** What precedes the token in the page, known to the attacker. */
    public static final String KNOWN = "name=csrf value=";
    static final String BEFORE;
    static final String AFTER;

    static {
        StringBuilder b = new StringBuilder("{\"user\":{\"id\":4711,\"name\":\"Ada Lovelace\",\"email\":\"ada@example.org\"},");
        b.append("\"form\":\"<input type=hidden ").append(KNOWN);
        BEFORE = b.toString();
        StringBuilder a = new StringBuilder(">\",\"orders\":[");
        for (int i = 0; i < 42; i++) {
            a.append("{\"id\":").append(1000 + i * 7).append(",\"item\":\"widget model ").append((char) ('A' + i % 26))
                    .append("\",\"qty\":").append(1 + i % 5).append(",\"state\":\"")
                    .append(i % 3 == 0 ? "shipped" : i % 3 == 1 ? "pending" : "delivered").append("\"},");
        }
        AFTER = a.append("{}],\"search\":\"").toString();
    }

    /** The page; {@code q} is echoed raw (that is the vulnerability). */
    static String page(String q) {
        return page(TOKEN, q);
    }

    static String page(String token, String q) {
        return BEFORE + token + AFTER + (q == null ? "" : q) + "\"}";
    }

    @GET
    @Path("marked")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress
    @CarriesSecrets
    public String marked(@QueryParam("q") String q) {
        return page(q);
    }

    /**
     * The same page, unmarked, with the token tied to the victim's session: only a request carrying the
     * victim's {@code session} cookie gets it (the browser attaches it by itself, also to the requests an
     * attacker's page makes it send); any other request gets the page with no token in it.
     */
    @GET
    @Path("session")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress
    @Dictionary(name = "breach-page", resource = DICTIONARY, match = DICTIONARY_MATCH, id = "breach-page-v1")
    public String session(@CookieParam("session") String session, @QueryParam("q") String q) {
        return page(SESSION.equals(session) ? TOKEN : "", q);
    }
}
