package dev.restcompress.bench.soak;

/**
 * One sample of the server process, in bytes (counts for threads and fds); -1 when unknown.
 *
 * @param tMillis milliseconds since the load started
 * @param phase the phase that was running when it was taken
 * @param rss resident set size (/proc VmRSS)
 * @param heapAfterGc Java heap used right after a full GC
 * @param nmtCommitted NMT total committed (JVM-tracked memory: heap, metaspace, threads, GC, Other...)
 * @param nmtOther NMT "Other" committed (direct buffers, Unsafe allocations)
 * @param direct the JDK's direct buffer pool, bytes used
 * @param threads the process's threads (/proc Threads)
 * @param fds open file descriptors (/proc/pid/fd)
 */
record Sample(long tMillis, String phase, long rss, long heapAfterGc, long nmtCommitted, long nmtOther, long direct,
        long threads, long fds) {
}
