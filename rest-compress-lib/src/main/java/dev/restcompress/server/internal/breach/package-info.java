/**
 * Internal: the BREACH policy (CVE-2013-3587) of a method: which of its responses are guarded (by default
 * those to requests carrying ambient credentials; every response of a method marked {@code @CarriesSecrets}
 * or under {@code rest-compress.breach.protect=all}), and whether a guarded response is sent compressed,
 * padded or as written, from the request's {@code Sec-Fetch-Site}. Asked by the data path's negotiation;
 * knows nothing of it. The threat model is in SECURITY.md.
 */
package dev.restcompress.server.internal.breach;
