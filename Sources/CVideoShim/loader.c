/* FFmpeg's libraries opened with dlopen and their functions resolved with dlsym, once per process. */
#include "CVideoShim.h"
#include "ffmpeg_api.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GG_NEEDS "video support needs FFmpeg's libraries (Debian: libavformat59 libavcodec59 libswscale6)"
#define GG_STRING(x) #x
#define GG_SONAME(lib, major) "lib" lib ".so." GG_STRING(major)

void gg_video_error(char *error, size_t error_size, const char *text) {
    if (!error || error_size == 0) return;
    snprintf(error, error_size, "%s", text);
}

/* One library: its base name, its soname, the major its headers were and the handle once open. */
typedef struct {
    const char *name;
    const char *soname;
    int major;
    void *handle;
} gg_library;

enum { GG_AVUTIL, GG_SWSCALE, GG_AVCODEC, GG_AVFORMAT, GG_LIBRARY_COUNT };

static void gg_libraries(gg_library out[GG_LIBRARY_COUNT]) {
    const gg_library all[GG_LIBRARY_COUNT] = {
        {"avutil", GG_SONAME("avutil", 57), GG_AVUTIL_MAJOR, NULL},
        {"swscale", GG_SONAME("swscale", 6), GG_SWSCALE_MAJOR, NULL},
        {"avcodec", GG_SONAME("avcodec", 59), GG_AVCODEC_MAJOR, NULL},
        {"avformat", GG_SONAME("avformat", 59), GG_AVFORMAT_MAJOR, NULL},
    };
    memcpy(out, all, sizeof all);
}

/* Opens one library: the soname, then the unversioned name; inside `libdir` only when it is set. */
static int gg_open(gg_library *library, const char *libdir, char *error, size_t error_size) {
    char path[4096];
    char unversioned[64];
    snprintf(unversioned, sizeof unversioned, "lib%s.so", library->name);
    const char *names[2] = {library->soname, unversioned};
    for (int i = 0; i < 2 && !library->handle; i++) {
        if (libdir && *libdir) snprintf(path, sizeof path, "%s/%s", libdir, names[i]);
        else snprintf(path, sizeof path, "%s", names[i]);
        library->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    if (library->handle) return 0;
    char text[512];
    snprintf(text, sizeof text, GG_NEEDS ": %s could not be loaded%s%s", library->soname,
             libdir && *libdir ? " from " : "", libdir && *libdir ? libdir : "");
    gg_video_error(error, error_size, text);
    return -1;
}

/* Resolves one symbol, or names it in `error`. */
static void *gg_symbol(void *handle, const char *name, int *failed, char *error, size_t error_size) {
    if (*failed) return NULL;
    void *symbol = dlsym(handle, name);
    if (!symbol) {
        char text[512];
        snprintf(text, sizeof text, GG_NEEDS ": the function %s is missing", name);
        gg_video_error(error, error_size, text);
        *failed = 1;
    }
    return symbol;
}

/* Checks that a loaded library's major version is the one its headers described. */
static int gg_check_major(const gg_library *library, unsigned version, char *error, size_t error_size) {
    if ((int)(version >> 16) == library->major) return 0;
    char text[512];
    snprintf(text, sizeof text, GG_NEEDS ": lib%s is version %u.%u, galgen was built for major version %d",
             library->name, version >> 16, (version >> 8) & 0xff, library->major);
    gg_video_error(error, error_size, text);
    return -1;
}

static void gg_close(gg_library libraries[GG_LIBRARY_COUNT]) {
    for (int i = GG_LIBRARY_COUNT - 1; i >= 0; i--)
        if (libraries[i].handle) dlclose(libraries[i].handle);
}

/* Opens the four libraries into `libraries` and fills `api`. On failure closes what it opened. */
static int gg_load(const char *libdir, gg_library libraries[GG_LIBRARY_COUNT], gg_ffmpeg_api *api, char *error,
                   size_t error_size) {
    gg_libraries(libraries);
    for (int i = 0; i < GG_LIBRARY_COUNT; i++) {
        if (gg_open(&libraries[i], libdir, error, error_size) != 0) {
            gg_close(libraries);
            return -1;
        }
    }
    int failed = 0;
#define GG_RESOLVE_AVUTIL(name) *(void **)&api->name = gg_symbol(libraries[GG_AVUTIL].handle, #name, &failed, error, error_size);
#define GG_RESOLVE_SWSCALE(name) *(void **)&api->name = gg_symbol(libraries[GG_SWSCALE].handle, #name, &failed, error, error_size);
#define GG_RESOLVE_AVCODEC(name) *(void **)&api->name = gg_symbol(libraries[GG_AVCODEC].handle, #name, &failed, error, error_size);
#define GG_RESOLVE_AVFORMAT(name) *(void **)&api->name = gg_symbol(libraries[GG_AVFORMAT].handle, #name, &failed, error, error_size);
    GG_AVUTIL_FUNCTIONS(GG_RESOLVE_AVUTIL)
    GG_SWSCALE_FUNCTIONS(GG_RESOLVE_SWSCALE)
    GG_AVCODEC_FUNCTIONS(GG_RESOLVE_AVCODEC)
    GG_AVFORMAT_FUNCTIONS(GG_RESOLVE_AVFORMAT)
    if (!failed) {
        const unsigned versions[GG_LIBRARY_COUNT] = {
            api->avutil_version(), api->swscale_version(), api->avcodec_version(), api->avformat_version()};
        for (int i = 0; i < GG_LIBRARY_COUNT && !failed; i++)
            failed = gg_check_major(&libraries[i], versions[i], error, error_size) != 0;
    }
    if (failed) {
        gg_close(libraries);
        return -1;
    }
    return 0;
}

/* ---- The process's copy: loaded once ------------------------------------------------------------ */

static pthread_once_t gg_once = PTHREAD_ONCE_INIT;
static gg_ffmpeg_api gg_api;
static int gg_loaded;
static char gg_failure[512];

static void gg_load_once(void) {
    gg_library libraries[GG_LIBRARY_COUNT];
    if (gg_load(getenv("GALGEN_FFMPEG_LIBDIR"), libraries, &gg_api, gg_failure, sizeof gg_failure) != 0) return;
    /* The handles stay open for the life of the process. FFmpeg's log goes nowhere: errors come back as codes. */
    gg_api.av_log_set_level(AV_LOG_QUIET);
    gg_loaded = 1;
}

const gg_ffmpeg_api *gg_ffmpeg(char *error, size_t error_size) {
    pthread_once(&gg_once, gg_load_once);
    if (gg_loaded) return &gg_api;
    gg_video_error(error, error_size, gg_failure);
    return NULL;
}

int galgen_video_available(char *error, size_t error_size) {
    return gg_ffmpeg(error, error_size) ? GALGEN_VIDEO_OK : GALGEN_VIDEO_UNAVAILABLE;
}

int galgen_video_try_load(const char *libdir, char *error, size_t error_size) {
    gg_library libraries[GG_LIBRARY_COUNT];
    gg_ffmpeg_api api;
    if (gg_load(libdir, libraries, &api, error, error_size) != 0) return GALGEN_VIDEO_UNAVAILABLE;
    gg_close(libraries);
    return GALGEN_VIDEO_OK;
}
