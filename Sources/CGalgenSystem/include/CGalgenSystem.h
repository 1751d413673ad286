#ifndef CGALGENSYSTEM_H
#define CGALGENSYSTEM_H

/* Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
   Returns 0 on success, otherwise -1 with errno set (ENOSYS/EINVAL where unsupported). */
int CGalgenSystem_exchange(const char *a, const char *b);

/* Identity of a file or folder, not following a final link: out[0] device, out[1] inode,
   out[2] and out[3] birth time (seconds, nanoseconds; 0 where the file system keeps none).
   Returns 0 on success, otherwise -1 with errno set. */
int CGalgenSystem_identity(const char *path, unsigned long long out[4]);

/* Returns the heap's free memory to the system (glibc malloc_trim(0); nothing elsewhere). */
void CGalgenSystem_trimHeap(void);

/* The commit galgen was built from (the GALGEN_COMMIT environment variable of the build, which
   scripts/package.sh and scripts/install.sh set from git), or "" for a build that named none. */
const char *CGalgenSystem_buildCommit(void);

/* Where this build's releases are downloaded from, without /vVERSION/ (GALGEN_RELEASES_URL of the build,
   which scripts/package.sh sets), or "" for a build that named none. */
const char *CGalgenSystem_releasesURL(void);

/* The Swift packages galgen was built with, as Package.swift pins them: "name@version,name@version,…". */
const char *CGalgenSystem_swiftPackages(void);

/* The version of the GNU C library loaded at run time, e.g. "2.36", or "" elsewhere. */
const char *CGalgenSystem_libcVersion(void);

#endif
