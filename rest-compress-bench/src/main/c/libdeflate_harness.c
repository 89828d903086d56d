/*
 * libdeflate_harness: times libdeflate itself (gzip, one-shot) on the files of a folder, so the
 * benchmark report can compare the Java paths (JNI through the codec SPI, and the raw JNI calls)
 * with the native floor on the same bytes (the target: the Java path at >= 90% of this harness).
 *
 * The library is dlopen()ed as libdeflate.so.0 with self-declared prototypes, like the project's
 * JNI binding: no libdeflate-dev headers are needed to build it (gcc -O2 ... -ldl).
 *
 * Usage: libdeflate_harness [-t SECONDS] [-l LEVELS] DIR [FILE...]
 *   -t SECONDS  minimum measuring time per file, level and operation (default 0.5)
 *   -l LEVELS   comma-separated compression levels (default 1,6,9)
 *   FILE...     names inside DIR (default: every regular file in DIR, sorted)
 *
 * Output (stdout), CSV: one row per level and file, then one "(hmean)" row per level:
 *   level,file,bytes,compressed_bytes,compress_mb_s,decompress_mb_s,roundtrip_mb_s
 * MB/s are 10^6 bytes of uncompressed data per second, as in the Java report; round trip is
 * compress + decompress time. The (hmean) row holds the harmonic means over files (every file
 * weighted equally in time per byte) and total sizes. Progress and errors go to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* libdeflate's ABI (stable since 1.0): the types stay opaque, we only pass pointers around. */
struct libdeflate_compressor;
struct libdeflate_decompressor;
enum { LIBDEFLATE_SUCCESS = 0 };

static struct libdeflate_compressor *(*alloc_compressor)(int level);
static size_t (*gzip_compress_bound)(struct libdeflate_compressor *c, size_t in_nbytes);
static size_t (*gzip_compress)(struct libdeflate_compressor *c, const void *in, size_t in_nbytes,
                               void *out, size_t out_nbytes_avail);
static void (*free_compressor)(struct libdeflate_compressor *c);
static struct libdeflate_decompressor *(*alloc_decompressor)(void);
static int (*gzip_decompress)(struct libdeflate_decompressor *d, const void *in, size_t in_nbytes,
                              void *out, size_t out_nbytes_avail, size_t *actual_out_nbytes_ret);
static void (*free_decompressor)(struct libdeflate_decompressor *d);

#define MAX_FILES 4096
#define MAX_LEVELS 16
/* Bounds every timing loop even if the clock misbehaves or a file is empty. */
#define MAX_ITERATIONS 100000000L

static void die(const char *fmt, const char *arg) {
    fprintf(stderr, "libdeflate_harness: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    exit(2);
}

static void *symbol(void *lib, const char *name) {
    void *p = dlsym(lib, name);
    if (p == NULL) {
        die("libdeflate.so.0 lacks %s", name);
    }
    return p;
}

static void load_library(void) {
    void *lib = dlopen("libdeflate.so.0", RTLD_NOW);
    if (lib == NULL) {
        die("cannot load libdeflate.so.0: %s", dlerror());
    }
    /* ISO C has no void * to function pointer conversion; assigning through a void ** is the
       form POSIX documents for dlsym. */
    *(void **)&alloc_compressor = symbol(lib, "libdeflate_alloc_compressor");
    *(void **)&gzip_compress_bound = symbol(lib, "libdeflate_gzip_compress_bound");
    *(void **)&gzip_compress = symbol(lib, "libdeflate_gzip_compress");
    *(void **)&free_compressor = symbol(lib, "libdeflate_free_compressor");
    *(void **)&alloc_decompressor = symbol(lib, "libdeflate_alloc_decompressor");
    *(void **)&gzip_decompress = symbol(lib, "libdeflate_gzip_decompress");
    *(void **)&free_decompressor = symbol(lib, "libdeflate_free_decompressor");
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Same selection as the Java Corpus class: no hidden files, READMEs, scripts or docs. */
static int is_payload(const char *name) {
    size_t n = strlen(name);
    if (name[0] == '.' || strncmp(name, "README", 6) == 0) {
        return 0;
    }
    if ((n > 3 && (strcmp(name + n - 3, ".py") == 0 || strcmp(name + n - 3, ".sh") == 0
                   || strcmp(name + n - 3, ".md") == 0))) {
        return 0;
    }
    return 1;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static unsigned char *read_file(const char *dir, const char *name, size_t *size) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        die("cannot open %s", path);
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        die("cannot stat %s", path);
    }
    *size = (size_t)st.st_size;
    unsigned char *buf = malloc(*size ? *size : 1);
    if (buf == NULL || fread(buf, 1, *size, f) != *size) {
        die("cannot read %s", path);
    }
    fclose(f);
    return buf;
}

static int list_dir(const char *dir, char **names) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        die("cannot open folder %s", dir);
    }
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && count < MAX_FILES) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (is_payload(e->d_name) && stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
            names[count++] = strdup(e->d_name);
        }
    }
    closedir(d);
    qsort(names, count, sizeof names[0], compare_names);
    return count;
}

/* Results of one file at one level. */
struct result {
    size_t compressed;
    double compress_mbps;
    double decompress_mbps;
};

static struct result measure(struct libdeflate_compressor *c, struct libdeflate_decompressor *d,
                             const unsigned char *data, size_t size, double seconds, const char *name) {
    struct result r;
    size_t bound = gzip_compress_bound(c, size);
    unsigned char *packed = malloc(bound);
    unsigned char *unpacked = malloc(size + 1);
    if (packed == NULL || unpacked == NULL) {
        die("out of memory for %s", name);
    }
    /* Warm-up call, and a correctness check: a harness that does not round-trip measures nothing. */
    r.compressed = gzip_compress(c, data, size, packed, bound);
    size_t produced = 0;
    if (r.compressed == 0
        || gzip_decompress(d, packed, r.compressed, unpacked, size + 1, &produced) != LIBDEFLATE_SUCCESS
        || produced != size || memcmp(data, unpacked, size) != 0) {
        die("round trip failed on %s", name);
    }

    long n = 0;
    double start = now();
    double elapsed;
    do {
        gzip_compress(c, data, size, packed, bound);
        n++;
        elapsed = now() - start;
    } while (elapsed < seconds && n < MAX_ITERATIONS);
    r.compress_mbps = (double)size * n / elapsed / 1e6;

    n = 0;
    start = now();
    do {
        gzip_decompress(d, packed, r.compressed, unpacked, size + 1, &produced);
        n++;
        elapsed = now() - start;
    } while (elapsed < seconds && n < MAX_ITERATIONS);
    r.decompress_mbps = (double)size * n / elapsed / 1e6;

    free(packed);
    free(unpacked);
    return r;
}

static int parse_levels(const char *s, int *levels) {
    int count = 0;
    char *copy = strdup(s);
    for (char *tok = strtok(copy, ","); tok != NULL && count < MAX_LEVELS; tok = strtok(NULL, ",")) {
        char *end;
        long v = strtol(tok, &end, 10);
        if (*end != '\0' || v < 0 || v > 12) {
            die("bad level '%s' (0-12)", tok);
        }
        levels[count++] = (int)v;
    }
    free(copy);
    return count;
}

int main(int argc, char **argv) {
    double seconds = 0.5;
    int levels[MAX_LEVELS];
    int level_count = parse_levels("1,6,9", levels);
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            seconds = atof(argv[++i]);
            if (!(seconds > 0 && seconds <= 60)) {
                die("-t must be between 0 and 60 seconds, was %s", argv[i]);
            }
        } else if (strcmp(argv[i], "-l") == 0 && i + 1 < argc) {
            level_count = parse_levels(argv[++i], levels);
        } else {
            die("usage: libdeflate_harness [-t SECONDS] [-l LEVELS] DIR [FILE...] (bad option %s)", argv[i]);
        }
    }
    if (i >= argc) {
        die("usage: libdeflate_harness [-t SECONDS] [-l LEVELS] DIR [FILE...]%s", "");
    }
    const char *dir = argv[i++];
    static char *names[MAX_FILES];
    int file_count = 0;
    if (i < argc) {
        for (; i < argc && file_count < MAX_FILES; i++) {
            names[file_count++] = argv[i];
        }
    } else {
        file_count = list_dir(dir, names);
    }
    if (file_count == 0) {
        die("no files in %s", dir);
    }

    load_library();
    struct libdeflate_decompressor *d = alloc_decompressor();
    if (d == NULL) {
        die("libdeflate_alloc_decompressor failed%s", "");
    }
    printf("level,file,bytes,compressed_bytes,compress_mb_s,decompress_mb_s,roundtrip_mb_s\n");
    for (int l = 0; l < level_count; l++) {
        struct libdeflate_compressor *c = alloc_compressor(levels[l]);
        if (c == NULL) {
            char level[16];
            snprintf(level, sizeof level, "%d", levels[l]);
            die("libdeflate_alloc_compressor failed at level %s", level);
        }
        double inv_c = 0, inv_d = 0, inv_rt = 0;
        size_t total = 0, total_compressed = 0;
        for (int f = 0; f < file_count; f++) {
            size_t size;
            unsigned char *data = read_file(dir, names[f], &size);
            struct result r = measure(c, d, data, size, seconds, names[f]);
            double rt = 1 / (1 / r.compress_mbps + 1 / r.decompress_mbps);
            printf("%d,%s,%zu,%zu,%.3f,%.3f,%.3f\n", levels[l], names[f], size, r.compressed,
                   r.compress_mbps, r.decompress_mbps, rt);
            fflush(stdout);
            fprintf(stderr, "[harness] level %d %s: compress %.1f MB/s, decompress %.1f MB/s\n", levels[l],
                    names[f], r.compress_mbps, r.decompress_mbps);
            inv_c += 1 / r.compress_mbps;
            inv_d += 1 / r.decompress_mbps;
            inv_rt += 1 / rt;
            total += size;
            total_compressed += r.compressed;
            free(data);
        }
        printf("%d,(hmean),%zu,%zu,%.3f,%.3f,%.3f\n", levels[l], total, total_compressed,
               file_count / inv_c, file_count / inv_d, file_count / inv_rt);
        free_compressor(c);
    }
    free_decompressor(d);
    return 0;
}
