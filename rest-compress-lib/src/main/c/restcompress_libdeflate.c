/*
 * JNI shim between dev.restcompress.nativelib.LibdeflateNative and libdeflate.
 *
 * Built twice from this one file (build.sh):
 *  - librestcompress_libdeflate.so (the default): libdeflate's sources, fetched by the build at a
 *    pinned version and SHA-256, are compiled into the shim with hidden visibility, so it needs
 *    nothing but libc at run time and every machine gets the same, current libdeflate;
 *  - librestcompress_libdeflate_system.so (RC_LIBDEFLATE_DLOPEN): for users who prefer the system's
 *    libdeflate (rest-compress.native.libdeflate=system). It dlopens the library by name, so the
 *    build needs no libdeflate-dev and a machine without libdeflate still loads this shim;
 *    openLibrary() says why libdeflate is missing and the Java side falls back to java.util.zip.
 *
 * Rules every entry point follows:
 *  - it validates its arguments itself (the Java wrapper already did; this is the second check),
 *    with offsets and lengths widened to 64 bits so no sum can overflow;
 *  - it never writes outside [off, off + len) of an output array;
 *  - it returns a result code (RC_*, mirrored in NativeResults.java); Java maps codes to exceptions
 *    in one place, C never throws;
 *  - arrays are pinned with GetPrimitiveArrayCritical only around the libdeflate call, with no JNI
 *    call in between, and are released on every path.
 */
#define _GNU_SOURCE /* dladdr */
#include <jni.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef RC_LIBDEFLATE_DLOPEN
/* Only the system variant (Linux only) needs the dynamic loader and a lock; the bundled variant
 * uses nothing but the C runtime, so the same file builds for Windows, macOS and musl too. */
#include <dlfcn.h>
#include <pthread.h>
#else
#include "libdeflate.h"
#endif

/* ---- result codes: keep in sync with NativeResults.java ---- */
#define RC_OK 0
#define RC_NULL_ARGUMENT (-1)
#define RC_BAD_HANDLE (-2)
#define RC_BAD_RANGE (-3)
#define RC_BAD_LEVEL (-4)
#define RC_NOT_LOADED (-5)
#define RC_OUT_OF_MEMORY (-6)
#define RC_PIN_FAILED (-7)
#define RC_BAD_DATA (-8)
#define RC_INSUFFICIENT_SPACE (-9)
#define RC_OVERLAP (-10)
#define RC_UNKNOWN_RESULT (-11)

#define MIN_LEVEL 1
#define MAX_LEVEL 12

/*
 * The part of the libdeflate API we use, as a table of functions: the bundled variant fills it at
 * compile time, the system variant with dlsym. The dlopen variant declares the types here rather
 * than taking them from <libdeflate.h>: these functions and their signatures are unchanged from
 * libdeflate 1.0 through 1.2x. enum libdeflate_result is int-sized:
 * 0 SUCCESS, 1 BAD_DATA, 2 SHORT_OUTPUT, 3 INSUFFICIENT_SPACE.
 */
struct libdeflate_compressor;
struct libdeflate_decompressor;
#define LD_SUCCESS 0
#define LD_BAD_DATA 1
#define LD_SHORT_OUTPUT 2
#define LD_INSUFFICIENT_SPACE 3

struct libdeflate_api {
    struct libdeflate_compressor *(*alloc_compressor)(int level);
    size_t (*gzip_compress_bound)(struct libdeflate_compressor *c, size_t in_nbytes);
    size_t (*gzip_compress)(struct libdeflate_compressor *c, const void *in, size_t in_nbytes,
                            void *out, size_t out_nbytes_avail);
    void (*free_compressor)(struct libdeflate_compressor *c);
    struct libdeflate_decompressor *(*alloc_decompressor)(void);
    int (*gzip_decompress_ex)(struct libdeflate_decompressor *d, const void *in, size_t in_nbytes,
                              void *out, size_t out_nbytes_avail, size_t *actual_in_nbytes_ret,
                              size_t *actual_out_nbytes_ret);
    void (*free_decompressor)(struct libdeflate_decompressor *d);
};

#ifdef RC_LIBDEFLATE_DLOPEN
/* Filled once under g_lock, then published with a release store; readers use an acquire load. */
static struct libdeflate_api g_api_storage;
static const struct libdeflate_api *g_api;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct libdeflate_api *api(void) {
    return __atomic_load_n(&g_api, __ATOMIC_ACQUIRE);
}
#else
_Static_assert(LIBDEFLATE_SUCCESS == LD_SUCCESS && LIBDEFLATE_BAD_DATA == LD_BAD_DATA
               && LIBDEFLATE_SHORT_OUTPUT == LD_SHORT_OUTPUT
               && LIBDEFLATE_INSUFFICIENT_SPACE == LD_INSUFFICIENT_SPACE,
               "libdeflate result codes changed");

/* The only signature that differs from the table's: the header returns the enum. */
static int bundled_gzip_decompress_ex(struct libdeflate_decompressor *d, const void *in, size_t in_nbytes,
                                      void *out, size_t out_nbytes_avail, size_t *actual_in,
                                      size_t *actual_out) {
    return (int)libdeflate_gzip_decompress_ex(d, in, in_nbytes, out, out_nbytes_avail, actual_in, actual_out);
}

static const struct libdeflate_api g_bundled = {
    libdeflate_alloc_compressor,
    libdeflate_gzip_compress_bound,
    libdeflate_gzip_compress,
    libdeflate_free_compressor,
    libdeflate_alloc_decompressor,
    bundled_gzip_decompress_ex,
    libdeflate_free_decompressor,
};

static const struct libdeflate_api *api(void) {
    return &g_bundled;
}
#endif

/*
 * Native handles handed to Java are pointers to these wrappers. The magic value lets a stale or
 * foreign handle (closed twice, or a compressor passed as a decompressor) be rejected instead of
 * used; it is a best-effort check, Java's handle ownership is the real protection.
 */
#define COMPRESSOR_MAGIC UINT64_C(0x7263636F6D707231)   /* "rccompr1" */
#define DECOMPRESSOR_MAGIC UINT64_C(0x7263646563707231) /* "rcdecpr1" */

struct rc_compressor {
    uint64_t magic;
    struct libdeflate_compressor *impl;
};

struct rc_decompressor {
    uint64_t magic;
    struct libdeflate_decompressor *impl;
};

static int handle_plausible(jlong h) {
    /* User-space pointers are positive on LP64 Linux and malloc results are 8-byte aligned. */
    return h > 0 && (h & 7) == 0;
}

static struct rc_compressor *compressor_of(jlong h) {
    if (!handle_plausible(h)) {
        return NULL;
    }
    struct rc_compressor *c = (struct rc_compressor *)(intptr_t)h;
    return c->magic == COMPRESSOR_MAGIC && c->impl != NULL ? c : NULL;
}

static struct rc_decompressor *decompressor_of(jlong h) {
    if (!handle_plausible(h)) {
        return NULL;
    }
    struct rc_decompressor *d = (struct rc_decompressor *)(intptr_t)h;
    return d->magic == DECOMPRESSOR_MAGIC && d->impl != NULL ? d : NULL;
}

/* [off, off + len) must lie inside the array; computed in 64 bits so off + len cannot wrap. */
static int check_range(JNIEnv *env, jbyteArray a, jint off, jint len) {
    if (a == NULL) {
        return RC_NULL_ARGUMENT;
    }
    int64_t n = (int64_t)(*env)->GetArrayLength(env, a);
    if (off < 0 || len < 0 || (int64_t)off + (int64_t)len > n) {
        return RC_BAD_RANGE;
    }
    return RC_OK;
}

/* Input and output in the same array must not overlap: libdeflate reads while it writes. */
static int check_disjoint(JNIEnv *env, jbyteArray in, jint in_off, jint in_len,
                          jbyteArray out, jint out_off, jint out_len) {
    if (!(*env)->IsSameObject(env, in, out)) {
        return RC_OK;
    }
    int64_t in_end = (int64_t)in_off + in_len;
    int64_t out_end = (int64_t)out_off + out_len;
    return ((int64_t)in_off < out_end && (int64_t)out_off < in_end) ? RC_OVERLAP : RC_OK;
}

static int check_buffers(JNIEnv *env, jbyteArray in, jint in_off, jint in_len,
                         jbyteArray out, jint out_off, jint out_len) {
    int rc = check_range(env, in, in_off, in_len);
    if (rc == RC_OK) {
        rc = check_range(env, out, out_off, out_len);
    }
    if (rc == RC_OK) {
        rc = check_disjoint(env, in, in_off, in_len, out, out_off, out_len);
    }
    return rc;
}

#ifdef RC_LIBDEFLATE_DLOPEN
static int resolve(void *lib, const char *name, void **slot, char *err, size_t err_len) {
    dlerror(); /* clear a stale error so the check below is about this lookup */
    *slot = dlsym(lib, name);
    if (*slot == NULL) {
        const char *e = dlerror();
        snprintf(err, err_len, "symbol %s not found: %s", name, e != NULL ? e : "null symbol");
        return 0;
    }
    return 1;
}

/*
 * Opens libdeflate under the given name (e.g. "libdeflate.so.0") and resolves its functions.
 * Returns NULL when the library is a usable libdeflate, else a message saying why. The first
 * successful call binds the shim; later successful calls only validate their library.
 */
JNIEXPORT jstring JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_openLibrary(JNIEnv *env, jclass cls, jstring name) {
    (void)cls;
    if (name == NULL) {
        return (*env)->NewStringUTF(env, "library name is null");
    }
    const char *cname = (*env)->GetStringUTFChars(env, name, NULL);
    if (cname == NULL) {
        return NULL; /* OutOfMemoryError is pending; Java sees it */
    }
    char err[512];
    err[0] = '\0';
    pthread_mutex_lock(&g_lock);
    void *lib = dlopen(cname, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        const char *e = dlerror();
        snprintf(err, sizeof err, "dlopen(%s) failed: %s", cname, e != NULL ? e : "unknown error");
    } else {
        /* Resolve every symbol even when a binding exists, so a library that is not libdeflate is
         * reported as such whatever was loaded before. */
        struct libdeflate_api a;
        memset(&a, 0, sizeof a);
        int ok = resolve(lib, "libdeflate_alloc_compressor", (void **)&a.alloc_compressor, err, sizeof err)
              && resolve(lib, "libdeflate_gzip_compress_bound", (void **)&a.gzip_compress_bound, err, sizeof err)
              && resolve(lib, "libdeflate_gzip_compress", (void **)&a.gzip_compress, err, sizeof err)
              && resolve(lib, "libdeflate_free_compressor", (void **)&a.free_compressor, err, sizeof err)
              && resolve(lib, "libdeflate_alloc_decompressor", (void **)&a.alloc_decompressor, err, sizeof err)
              && resolve(lib, "libdeflate_gzip_decompress_ex", (void **)&a.gzip_decompress_ex, err, sizeof err)
              && resolve(lib, "libdeflate_free_decompressor", (void **)&a.free_decompressor, err, sizeof err);
        if (ok && api() == NULL) {
            g_api_storage = a;
            __atomic_store_n(&g_api, &g_api_storage, __ATOMIC_RELEASE);
        } else {
            /* Failed, or already bound: the first binding stays (handles in use depend on it). */
            dlclose(lib);
        }
    }
    pthread_mutex_unlock(&g_lock);
    (*env)->ReleaseStringUTFChars(env, name, cname);
    return err[0] == '\0' ? NULL : (*env)->NewStringUTF(env, err);
}
#endif /* RC_LIBDEFLATE_DLOPEN */

/*
 * Which libdeflate this shim runs, for the start-up line: "1.23 bundled", or for the system variant
 * "system <file>" once bound (the file dladdr reports; a system libdeflate does not record its
 * version), or NULL while nothing is bound.
 */
JNIEXPORT jstring JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_libraryDescription(JNIEnv *env, jclass cls) {
    (void)cls;
#ifdef RC_LIBDEFLATE_DLOPEN
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return NULL;
    }
    char text[600];
    Dl_info info;
    memset(&info, 0, sizeof info);
    if (dladdr((void *)a->alloc_compressor, &info) != 0 && info.dli_fname != NULL) {
        snprintf(text, sizeof text, "system %s", info.dli_fname);
    } else {
        snprintf(text, sizeof text, "system (file unknown)");
    }
    return (*env)->NewStringUTF(env, text);
#else
    return (*env)->NewStringUTF(env, LIBDEFLATE_VERSION_STRING " bundled");
#endif
}

/* Returns a handle (> 0) or an RC_* code (< 0). */
JNIEXPORT jlong JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_allocCompressor(JNIEnv *env, jclass cls, jint level) {
    (void)env;
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    if (level < MIN_LEVEL || level > MAX_LEVEL) {
        return RC_BAD_LEVEL;
    }
    struct rc_compressor *c = malloc(sizeof *c);
    if (c == NULL) {
        return RC_OUT_OF_MEMORY;
    }
    c->impl = a->alloc_compressor(level);
    if (c->impl == NULL) {
        free(c);
        return RC_OUT_OF_MEMORY;
    }
    c->magic = COMPRESSOR_MAGIC;
    jlong h = (jlong)(intptr_t)c;
    if (!handle_plausible(h)) { /* cannot happen on LP64 Linux; refuse rather than be ambiguous */
        a->free_compressor(c->impl);
        free(c);
        return RC_OUT_OF_MEMORY;
    }
    return h;
}

JNIEXPORT jint JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_freeCompressor(JNIEnv *env, jclass cls, jlong h) {
    (void)env;
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    struct rc_compressor *c = compressor_of(h);
    if (c == NULL) {
        return RC_BAD_HANDLE;
    }
    c->magic = 0; /* a second free of the same handle now fails the magic check */
    a->free_compressor(c->impl);
    c->impl = NULL;
    free(c);
    return RC_OK;
}

/* The most bytes gzipCompress can write for inLen input bytes, or an RC_* code (< 0). */
JNIEXPORT jlong JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_gzipCompressBound(JNIEnv *env, jclass cls, jlong h,
                                                                   jlong in_len) {
    (void)env;
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    struct rc_compressor *c = compressor_of(h);
    if (c == NULL) {
        return RC_BAD_HANDLE;
    }
    if (in_len < 0 || (uint64_t)in_len > (uint64_t)INT32_MAX) {
        return RC_BAD_RANGE;
    }
    size_t bound = a->gzip_compress_bound(c->impl, (size_t)in_len);
    return bound > (size_t)INT64_MAX ? (jlong)INT64_MAX : (jlong)bound;
}

/*
 * Pins in and out for one libdeflate call (a short critical section: no JNI calls until released).
 * On failure nothing stays pinned.
 */
static int pin_both(JNIEnv *env, jbyteArray in, jbyteArray out, jbyte **ip, jbyte **op) {
    *ip = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    if (*ip == NULL) {
        return RC_PIN_FAILED;
    }
    *op = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    if (*op == NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, in, *ip, JNI_ABORT);
        return RC_PIN_FAILED;
    }
    return RC_OK;
}

/* Bytes written (> 0) or an RC_* code (< 0); RC_INSUFFICIENT_SPACE when out_len is too small. */
JNIEXPORT jint JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_gzipCompress(JNIEnv *env, jclass cls, jlong h,
                                                              jbyteArray in, jint in_off, jint in_len,
                                                              jbyteArray out, jint out_off, jint out_len) {
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    struct rc_compressor *c = compressor_of(h);
    if (c == NULL) {
        return RC_BAD_HANDLE;
    }
    int rc = check_buffers(env, in, in_off, in_len, out, out_off, out_len);
    if (rc != RC_OK) {
        return rc;
    }
    jbyte *ip;
    jbyte *op;
    rc = pin_both(env, in, out, &ip, &op);
    if (rc != RC_OK) {
        return rc;
    }
    size_t written = a->gzip_compress(c->impl, ip + in_off, (size_t)in_len, op + out_off, (size_t)out_len);
    /* Release in reverse order; the input was only read, so JNI_ABORT skips a pointless copy-back. */
    (*env)->ReleasePrimitiveArrayCritical(env, out, op, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, ip, JNI_ABORT);
    if (written == 0) {
        return RC_INSUFFICIENT_SPACE;
    }
    if (written > (size_t)out_len) { /* libdeflate never does this; never report more than we own */
        return RC_UNKNOWN_RESULT;
    }
    return (jint)written;
}

JNIEXPORT jlong JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_allocDecompressor(JNIEnv *env, jclass cls) {
    (void)env;
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    struct rc_decompressor *d = malloc(sizeof *d);
    if (d == NULL) {
        return RC_OUT_OF_MEMORY;
    }
    d->impl = a->alloc_decompressor();
    if (d->impl == NULL) {
        free(d);
        return RC_OUT_OF_MEMORY;
    }
    d->magic = DECOMPRESSOR_MAGIC;
    jlong h = (jlong)(intptr_t)d;
    if (!handle_plausible(h)) {
        a->free_decompressor(d->impl);
        free(d);
        return RC_OUT_OF_MEMORY;
    }
    return h;
}

JNIEXPORT jint JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_freeDecompressor(JNIEnv *env, jclass cls, jlong h) {
    (void)env;
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    struct rc_decompressor *d = decompressor_of(h);
    if (d == NULL) {
        return RC_BAD_HANDLE;
    }
    d->magic = 0;
    a->free_decompressor(d->impl);
    d->impl = NULL;
    free(d);
    return RC_OK;
}

/*
 * Decompresses the first gzip member of in[in_off, in_off + in_len) into out[out_off, out_off + out_len).
 * Returns (consumed << 32) | produced (both < 2^31, so the result is >= 0), or an RC_* code (< 0).
 * Reporting the consumed byte count lets Java step to the next member of a concatenated stream.
 */
JNIEXPORT jlong JNICALL
Java_dev_restcompress_nativelib_LibdeflateNative_gzipDecompress(JNIEnv *env, jclass cls, jlong h,
                                                                jbyteArray in, jint in_off, jint in_len,
                                                                jbyteArray out, jint out_off, jint out_len) {
    (void)cls;
    const struct libdeflate_api *a = api();
    if (a == NULL) {
        return RC_NOT_LOADED;
    }
    struct rc_decompressor *d = decompressor_of(h);
    if (d == NULL) {
        return RC_BAD_HANDLE;
    }
    int rc = check_buffers(env, in, in_off, in_len, out, out_off, out_len);
    if (rc != RC_OK) {
        return rc;
    }
    jbyte *ip;
    jbyte *op;
    rc = pin_both(env, in, out, &ip, &op);
    if (rc != RC_OK) {
        return rc;
    }
    size_t consumed = 0;
    size_t produced = 0;
    int r = a->gzip_decompress_ex(d->impl, ip + in_off, (size_t)in_len, op + out_off, (size_t)out_len,
                                  &consumed, &produced);
    (*env)->ReleasePrimitiveArrayCritical(env, out, op, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, in, ip, JNI_ABORT);
    switch (r) {
    case LD_SUCCESS:
        break;
    case LD_BAD_DATA:
    case LD_SHORT_OUTPUT: /* only returned without actual_out; treat as corrupt if it ever appears */
        return RC_BAD_DATA;
    case LD_INSUFFICIENT_SPACE:
        return RC_INSUFFICIENT_SPACE;
    default:
        return RC_UNKNOWN_RESULT;
    }
    if (consumed > (size_t)in_len || produced > (size_t)out_len) {
        return RC_UNKNOWN_RESULT; /* libdeflate broke its contract; refuse rather than mislead Java */
    }
    return (jlong)(((uint64_t)consumed << 32) | (uint64_t)produced);
}
