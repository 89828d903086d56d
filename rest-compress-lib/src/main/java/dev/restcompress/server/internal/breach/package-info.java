/**
 * Internal: the BREACH policy (CVE-2013-3587) of a method marked {@code @CarriesSecrets} or protected by
 * {@code rest-compress.breach.protect=all}: whether a response is sent compressed, padded or as written,
 * from the request's {@code Sec-Fetch-Site}. Asked by the data path's negotiation; knows nothing of it.
 * The threat model is in SECURITY.md.
 */
package dev.restcompress.server.internal.breach;
