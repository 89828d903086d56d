/*
 * Runs a built JNI shim without a JVM, for the platforms this machine has no JVM for (musl): it
 * dlopens the shim, looks up its exported Java_* entry points and calls them with a minimal JNIEnv
 * that implements only the functions the shim uses (arrays are this file's struct byte_array).
 * MuslShimTest compiles it for the shim's target with zig and runs it under that libc's loader.
 *
 * Usage: shim_harness <shim.so> <input-file> <level-6-gzip-output-file>
 * For every level 1..12: compress the input, decompress it, compare; then the rejection paths
 * (truncated input, too small an output, bad level, bad handle). Writes the level-6 gzip to the
 * output file (the test compares it with the glibc shim's bytes). Prints "harness ok <description>
 * <levels>" and exits 0, or prints "harness FAILED: <what>" and exits 1.
 */
#include <dlfcn.h>
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct byte_array {
    jsize len;
    jbyte *data;
};

static jsize JNICALL get_array_length(JNIEnv *env, jarray a) {
    (void)env;
    return ((struct byte_array *)a)->len;
}

static void *JNICALL get_critical(JNIEnv *env, jarray a, jboolean *is_copy) {
    (void)env;
    if (is_copy != NULL) {
        *is_copy = JNI_FALSE;
    }
    return ((struct byte_array *)a)->data;
}

static int pinned; /* every pin must be released */

static void *JNICALL get_critical_counted(JNIEnv *env, jarray a, jboolean *is_copy) {
    pinned++;
    return get_critical(env, a, is_copy);
}

static void JNICALL release_critical(JNIEnv *env, jarray a, void *p, jint mode) {
    (void)env;
    (void)a;
    (void)p;
    (void)mode;
    pinned--;
}

static jstring JNICALL new_string_utf(JNIEnv *env, const char *s) {
    (void)env;
    return (jstring)strdup(s);
}

static jboolean JNICALL is_same_object(JNIEnv *env, jobject a, jobject b) {
    (void)env;
    return a == b ? JNI_TRUE : JNI_FALSE;
}

#define SHIM(name) Java_dev_restcompress_nativelib_LibdeflateNative_##name
typedef jstring (*describe_fn)(JNIEnv *, jclass);
typedef jlong (*alloc_c_fn)(JNIEnv *, jclass, jint);
typedef jlong (*alloc_d_fn)(JNIEnv *, jclass);
typedef jint (*free_fn)(JNIEnv *, jclass, jlong);
typedef jlong (*bound_fn)(JNIEnv *, jclass, jlong, jlong);
typedef jint (*compress_fn)(JNIEnv *, jclass, jlong, jbyteArray, jint, jint, jbyteArray, jint, jint);
typedef jlong (*decompress_fn)(JNIEnv *, jclass, jlong, jbyteArray, jint, jint, jbyteArray, jint, jint);

static void fail(const char *what) {
    printf("harness FAILED: %s\n", what);
    exit(1);
}

static void *sym(void *lib, const char *name) {
    void *p = dlsym(lib, name);
    if (p == NULL) {
        printf("harness FAILED: %s not exported: %s\n", name, dlerror());
        exit(1);
    }
    return p;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fail("usage: shim_harness <shim.so> <input-file> <level-6-gzip-output-file>");
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        printf("harness FAILED: dlopen: %s\n", dlerror());
        return 1;
    }
    if (dlsym(lib, "libdeflate_gzip_compress") != NULL) {
        fail("the shim exports libdeflate's own symbols");
    }
    describe_fn describe = (describe_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_libraryDescription");
    alloc_c_fn alloc_c = (alloc_c_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_allocCompressor");
    alloc_d_fn alloc_d = (alloc_d_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_allocDecompressor");
    free_fn free_c = (free_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_freeCompressor");
    free_fn free_d = (free_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_freeDecompressor");
    bound_fn bound = (bound_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_gzipCompressBound");
    compress_fn compress = (compress_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_gzipCompress");
    decompress_fn decompress = (decompress_fn)sym(lib, "Java_dev_restcompress_nativelib_LibdeflateNative_gzipDecompress");

    struct JNINativeInterface_ fns;
    memset(&fns, 0, sizeof fns); /* any other JNI call would crash: the shim must not make one */
    fns.GetArrayLength = get_array_length;
    fns.GetPrimitiveArrayCritical = get_critical_counted;
    fns.ReleasePrimitiveArrayCritical = release_critical;
    fns.NewStringUTF = new_string_utf;
    fns.IsSameObject = is_same_object;
    const struct JNINativeInterface_ *fp = &fns;
    JNIEnv *env = (JNIEnv *)&fp;

    FILE *f = fopen(argv[2], "rb");
    if (f == NULL) {
        fail("cannot open the input file");
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    struct byte_array in = {(jsize)size, malloc((size_t)size + 1)};
    if (in.data == NULL || fread(in.data, 1, (size_t)size, f) != (size_t)size) {
        fail("cannot read the input file");
    }
    fclose(f);

    const char *description = (const char *)describe(env, NULL);
    if (description == NULL || strstr(description, "bundled") == NULL) {
        fail("libraryDescription");
    }
    jlong d = alloc_d(env, NULL);
    if (d <= 0) {
        fail("allocDecompressor");
    }
    struct byte_array back = {in.len, malloc((size_t)in.len + 1)};
    int levels = 0;
    for (int level = 1; level <= 12; level++) {
        jlong c = alloc_c(env, NULL, level);
        if (c <= 0) {
            fail("allocCompressor");
        }
        jlong max = bound(env, NULL, c, in.len);
        if (max <= 0) {
            fail("gzipCompressBound");
        }
        struct byte_array gz = {(jsize)max, malloc((size_t)max)};
        jint n = compress(env, NULL, c, (jbyteArray)&in, 0, in.len, (jbyteArray)&gz, 0, gz.len);
        if (n <= 0) {
            fail("gzipCompress");
        }
        memset(back.data, 0, (size_t)back.len);
        jlong r = decompress(env, NULL, d, (jbyteArray)&gz, 0, n, (jbyteArray)&back, 0, back.len);
        if (r < 0 || (r >> 32) != n || (r & 0xffffffff) != in.len || memcmp(in.data, back.data, (size_t)in.len) != 0) {
            fail("round trip");
        }
        if (in.len > 10 && decompress(env, NULL, d, (jbyteArray)&gz, 0, n - 5, (jbyteArray)&back, 0, back.len) >= 0) {
            fail("truncated input was accepted");
        }
        if (in.len > 100 && decompress(env, NULL, d, (jbyteArray)&gz, 0, n, (jbyteArray)&back, 0, 10) >= 0) {
            fail("too small an output was accepted");
        }
        if (level == 6) {
            FILE *o = fopen(argv[3], "wb");
            if (o == NULL || fwrite(gz.data, 1, (size_t)n, o) != (size_t)n || fclose(o) != 0) {
                fail("cannot write the output file");
            }
        }
        if (free_c(env, NULL, c) != 0) {
            fail("freeCompressor");
        }
        free(gz.data);
        levels++;
    }
    if (alloc_c(env, NULL, 13) >= 0 || alloc_c(env, NULL, 0) >= 0) {
        fail("a bad level was accepted");
    }
    if (decompress(env, NULL, 12345, (jbyteArray)&in, 0, 1, (jbyteArray)&back, 0, 1) >= 0) {
        fail("a bad handle was accepted");
    }
    if (free_d(env, NULL, d) != 0) {
        fail("freeDecompressor");
    }
    if (pinned != 0) {
        fail("an array stayed pinned");
    }
    printf("harness ok %s %d\n", description, levels);
    return 0;
}
