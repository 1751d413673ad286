#define _GNU_SOURCE
#include "CGalgenSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#include <malloc.h>
#endif
#include <sys/stat.h>
#include <sys/syscall.h>

int CGalgenSystem_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    (void)a; (void)b;
    errno = ENOSYS;
    return -1;
#endif
}

int CGalgenSystem_identity(const char *path, unsigned long long out[4]) {
#if defined(__linux__)
    struct statx st;
    if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_INO | STATX_BTIME, &st) != 0) return -1;
    out[0] = ((unsigned long long)st.stx_dev_major << 32) | st.stx_dev_minor;
    out[1] = st.stx_ino;
    if (st.stx_mask & STATX_BTIME) {
        out[2] = (unsigned long long)st.stx_btime.tv_sec;
        out[3] = st.stx_btime.tv_nsec;
    } else {
        out[2] = 0;
        out[3] = 0;
    }
    return 0;
#else
    (void)path; (void)out;
    errno = ENOSYS;
    return -1;
#endif
}

void CGalgenSystem_trimHeap(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

/* Package.swift passes -DGALGEN_COMMIT="<hex>" and -DGALGEN_RELEASES_URL="<url>" to this file alone. */
const char *CGalgenSystem_buildCommit(void) {
#ifdef GALGEN_COMMIT
    return GALGEN_COMMIT;
#else
    return "";
#endif
}

const char *CGalgenSystem_releasesURL(void) {
#ifdef GALGEN_RELEASES_URL
    return GALGEN_RELEASES_URL;
#else
    return "";
#endif
}

/* Package.swift passes -DGALGEN_PACKAGES="name@version,…": the Swift packages it pins. */
const char *CGalgenSystem_swiftPackages(void) {
#ifdef GALGEN_PACKAGES
    return GALGEN_PACKAGES;
#else
    return "";
#endif
}

const char *CGalgenSystem_libcVersion(void) {
#if defined(__GLIBC__)
    return gnu_get_libc_version();
#else
    return "";
#endif
}
