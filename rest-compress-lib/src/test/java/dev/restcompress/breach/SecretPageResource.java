package dev.restcompress.breach;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.annotation.Compress;
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
        return BEFORE + TOKEN + AFTER + (q == null ? "" : q) + "\"}";
    }

    @GET
    @Path("marked")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress
    @CarriesSecrets
    public String marked(@QueryParam("q") String q) {
        return page(q);
    }
}
