/* libheif opened with dlopen and its functions resolved with dlsym, once per process (as CVideoShim
   does for FFmpeg). The search is dlopen's: the binary's RUNPATH (the archive's lib/, which holds no
   libheif), then the system's library path; GALGEN_LIBHEIF names another file. */
#define GG_LIBHEIF_LOADER
#include "heif_api.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GG_LIBHEIF_NEEDS "HEIC, HEIF and AVIF inputs need libheif 1.x (Debian and Ubuntu: libheif1; Fedora: libheif)"

gg_libheif_api gg_libheif_table;

static pthread_once_t gg_libheif_once = PTHREAD_ONCE_INIT;
static int gg_libheif_loaded;
static char gg_libheif_failure[512];

/* The function names, in the table's order. */
#define GG_LIBHEIF_NAME(name) #name,
static const char *const gg_libheif_names[] = {GG_LIBHEIF_FUNCTIONS(GG_LIBHEIF_NAME)};
#undef GG_LIBHEIF_NAME
_Static_assert(sizeof gg_libheif_names / sizeof gg_libheif_names[0] * sizeof(void *) == sizeof(gg_libheif_api),
               "one name per pointer of gg_libheif_api");

static void gg_libheif_load(void) {
    const char *path = getenv("GALGEN_LIBHEIF");
    if (!path || !*path) path = GG_LIBHEIF_SONAME;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(gg_libheif_failure, sizeof gg_libheif_failure, GG_LIBHEIF_NEEDS ": %s could not be loaded", path);
        return;
    }
    gg_libheif_api api;
    void **slots = (void **)&api;
    for (size_t i = 0; i < sizeof gg_libheif_names / sizeof gg_libheif_names[0]; i++) {
        slots[i] = dlsym(handle, gg_libheif_names[i]);
        if (!slots[i]) {
            snprintf(gg_libheif_failure, sizeof gg_libheif_failure, GG_LIBHEIF_NEEDS ": %s has no function %s",
                     path, gg_libheif_names[i]);
            dlclose(handle);
            return;
        }
    }
    int major = api.heif_get_version_number_major();
    if (major != GG_LIBHEIF_MAJOR) {
        snprintf(gg_libheif_failure, sizeof gg_libheif_failure, GG_LIBHEIF_NEEDS ": %s is version %s, galgen was built for major version %d",
                 path, api.heif_get_version(), GG_LIBHEIF_MAJOR);
        dlclose(handle);
        return;
    }
    /* The handle stays open for the life of the process. */
    gg_libheif_table = api;
    gg_libheif_loaded = 1;
}

const gg_libheif_api *gg_libheif(char *error, size_t error_size) {
    pthread_once(&gg_libheif_once, gg_libheif_load);
    if (gg_libheif_loaded) return &gg_libheif_table;
    if (error && error_size) snprintf(error, error_size, "%s", gg_libheif_failure);
    return NULL;
}
