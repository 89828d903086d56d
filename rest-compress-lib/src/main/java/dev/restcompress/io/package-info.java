/**
 * Internal: bounded, non-blocking pools (buffers, codec contexts), growable buffers, the decoder
 * handle that frees native memory exactly once, and small stream adapters. Public only so that the
 * codec subpackages can share it; not part of the API
 * (PublicApiTest pins what is).
 */
package dev.restcompress.io;
