/** The overload suite, its step trace and options, and the server children both open-model suites share. */
package dev.restcompress.bench.overload;
