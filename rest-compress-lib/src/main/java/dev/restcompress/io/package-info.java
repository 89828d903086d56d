/**
 * Internal: bounded, non-blocking pools (buffers, codec contexts), growable buffers and small stream
 * adapters. The lowest layer: it depends on nothing else of the library. Public only so that the
 * codec subpackages can share it; not part of the API
 * (PublicApiTest pins what is).
 */
package dev.restcompress.io;
