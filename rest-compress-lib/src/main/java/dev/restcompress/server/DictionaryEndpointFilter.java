package dev.restcompress.server;

import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * Serves the static dictionaries at {@code <application base>/<rest-compress.dictionary.path>/<name>}
 * (GET and HEAD): the bytes as {@code application/octet-stream} with
 * {@code Use-As-Dictionary: match="...", id="..."}, {@code Cache-Control: public, max-age=<setting>}
 * and a strong ETag of their SHA-256 ({@code If-None-Match} gets 304). A filter rather than a
 * resource, so that it needs nothing from the application and works on every runtime that runs
 * pre-matching filters. Other paths pass untouched. Thread-safe.
 */
@PreMatching
final class DictionaryEndpointFilter implements ContainerRequestFilter {
    private final DictionarySupport support;
    private final String prefix;

    DictionaryEndpointFilter(DictionarySupport support) {
        this.support = support;
        this.prefix = support.settings().path() + "/";
    }

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (path == null) {
            return;
        }
        // Runs before every request of the application: no substring unless the path is ours.
        int from = path.startsWith("/") ? 1 : 0;
        if (!path.startsWith(prefix, from)) {
            return;
        }
        DictionarySupport.Served served = support.byName(path.substring(from + prefix.length()));
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
