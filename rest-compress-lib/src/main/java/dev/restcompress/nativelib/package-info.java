/**
 * Internal: the libdeflate JNI binding: a loader that never throws from static initialisation (its
 * failure is a value, logged once), native handles with an idempotent {@code close()}, and result
 * codes mapped to exceptions in one place. The C shim is in {@code src/main/c}.
 */
package dev.restcompress.nativelib;
