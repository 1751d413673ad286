#ifndef CARCHIVESHIM_H
#define CARCHIVESHIM_H
#include <stddef.h>
#include <stdint.h>

/* Every libarchive call lives in this target: ZIP files written entry by entry, each entry's data
   read from its file in chunks of at most GG_ZIP_CHUNK bytes (one buffer per writer), so memory does
   not grow with the archive. Entries are stored (no compression), with the given modification time,
   mode 0644, uid and gid 0, no access or change times, UTF-8 names flagged as UTF-8; libarchive adds
   Zip64 records when an entry or the archive needs them.

   libarchive fills the MS-DOS date and time fields from the local time zone; gg_zip_close rewrites
   them from UTC so that the bytes do not depend on the machine's zone (the "UT" extra field libarchive
   also writes holds the time in seconds since 1970 either way).

   Functions return GG_ZIP_OK or GG_ZIP_ERR with a message in `err` (always NUL-terminated). A writer
   is used from one thread at a time; separate writers may run in parallel. */
enum { GG_ZIP_OK = 0, GG_ZIP_ERR = -1 };
enum { GG_ZIP_CHUNK = 1 << 20 };

typedef struct gg_zip gg_zip;

/* Creates (or truncates) the file at `path`, mode 0644 before the umask, and starts a ZIP in it.
   NULL on failure. */
gg_zip *gg_zip_open(const char *path, char *err, size_t errlen);

/* Adds the regular file at `source` as the entry `name` (UTF-8, '/'-separated, already checked by
   the caller), modified at `mtime` (seconds since 1970, UTC). After a failure the writer can only be
   given to gg_zip_abort. */
int gg_zip_add_file(gg_zip *zip, const char *name, const char *source, int64_t mtime, char *err, size_t errlen);

/* Finishes the archive (writes the central directory), fixes the date fields and closes the file;
   `size` receives the archive's length in bytes. Frees the writer whatever happens. */
int gg_zip_close(gg_zip *zip, int64_t *size, char *err, size_t errlen);

/* Abandons the archive: nothing more is written, the file is closed (not removed), the writer freed. */
void gg_zip_abort(gg_zip *zip);

#endif
