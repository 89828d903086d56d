package dev.restcompress.server.internal.dictionary;

import dev.restcompress.server.internal.EntityTags;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.function.Supplier;

/**
 * Serves the static dictionaries at {@code <application base>/<rest-compress.dictionary.path>/<name>}
 * (GET and HEAD): the bytes as {@code application/octet-stream} with
 * {@code Use-As-Dictionary: match="...", id="..."}, {@code Cache-Control: public, max-age=<setting>}
 * and a strong ETag of their SHA-256 ({@code If-None-Match} gets 304). A filter rather than a
 * resource, so that it needs nothing from the application and works on every runtime that runs
 * pre-matching filters. Other paths pass untouched. Thread-safe.
 */
@PreMatching
public final class DictionaryEndpointFilter implements ContainerRequestFilter {
    private final Supplier<DictionarySupport> dictionaries;

    /**
     * {@code dictionaries}: those of the application, or {@code null} while they are not known yet
     * (RESTEasy's services-file setup builds the binder after this filter is registered, the binder slot).
     */
    public DictionaryEndpointFilter(Supplier<DictionarySupport> dictionaries) {
        this.dictionaries = dictionaries;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        DictionarySupport support = dictionaries.get();
        String path = request.getUriInfo().getPath();
        if (support == null || path == null) {
            return;
        }
        // Runs before every request of the application: no substring unless the path is ours.
        String prefix = support.settings().path();
        int from = path.startsWith("/") ? 1 : 0;
        int name = from + prefix.length() + 1;
        if (path.length() <= name || !path.startsWith(prefix, from) || path.charAt(name - 1) != '/') {
            return;
        }
        DictionarySupport.Served served = support.byName(path.substring(name));
        if (served == null) {
            return; // not ours: the application may have its own resource there, or answers 404
        }
        String method = request.getMethod();
        if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
            request.abortWith(Response.status(Response.Status.METHOD_NOT_ALLOWED).header("Allow", "GET, HEAD").build());
            return;
        }
        CompressionDictionary d = served.dictionary();
        String etag = d.entityTag();
        String ifNoneMatch = request.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        Response.ResponseBuilder r;
        if (ifNoneMatch != null && (ifNoneMatch.trim().equals("*") || EntityTags.listed(ifNoneMatch, etag))) {
            r = Response.notModified();
        } else {
            r = Response.ok(d.bytes(), "application/octet-stream");
        }
        request.abortWith(r.tag(EntityTag.valueOf(etag))
                .header(DictionaryHeaders.USE_AS_DICTIONARY, DictionaryHeaders.formatUseAsDictionary(d.match(), d.id()))
                .header(HttpHeaders.CACHE_CONTROL, "public, max-age=" + support.settings().maxAge())
                .build());
    }
}
