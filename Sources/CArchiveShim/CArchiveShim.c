#include "CArchiveShim.h"
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Where an entry's local header starts and the time it carries. */
struct gg_zip_mark {
    int64_t offset;
    int64_t mtime;
};

struct gg_zip {
    struct archive *archive;
    int fd;
    char *buffer;             /* GG_ZIP_CHUNK bytes */
    struct gg_zip_mark *marks; /* each entry's local header and time */
    size_t count, capacity;
    int64_t directory;        /* file offset where the central directory starts */
    locale_t utf8;            /* C.UTF-8, made current around libarchive calls so names convert as UTF-8 */
};

static void gg_zip_message(char *err, size_t errlen, const char *a, const char *b) {
    if (!err || errlen == 0) return;
    snprintf(err, errlen, "%s%s%s", a, b ? ": " : "", b ? b : "");
}

static void gg_zip_archive_error(gg_zip *zip, char *err, size_t errlen, const char *what) {
    const char *text = archive_error_string(zip->archive);
    gg_zip_message(err, errlen, what, text ? text : "unknown libarchive error");
}

static void gg_zip_release(gg_zip *zip) {
    if (zip->archive) archive_write_free(zip->archive);
    if (zip->fd >= 0) close(zip->fd);
    if (zip->utf8) freelocale(zip->utf8);
    free(zip->buffer);
    free(zip->marks);
    free(zip);
}

gg_zip *gg_zip_open(const char *path, char *err, size_t errlen) {
    gg_zip *zip = calloc(1, sizeof(*zip));
    if (!zip) { gg_zip_message(err, errlen, "out of memory", NULL); return NULL; }
    zip->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (zip->fd < 0) { gg_zip_message(err, errlen, "cannot create the archive", strerror(errno)); gg_zip_release(zip); return NULL; }
    zip->buffer = malloc(GG_ZIP_CHUNK);
    zip->archive = archive_write_new();
    zip->utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (!zip->buffer || !zip->archive) { gg_zip_message(err, errlen, "out of memory", NULL); gg_zip_release(zip); return NULL; }
    locale_t previous = zip->utf8 ? uselocale(zip->utf8) : (locale_t)0;
    int ok = archive_write_set_format_zip(zip->archive) == ARCHIVE_OK
        && archive_write_set_format_option(zip->archive, "zip", "compression", "store") == ARCHIVE_OK
        && archive_write_set_format_option(zip->archive, "zip", "hdrcharset", "UTF-8") == ARCHIVE_OK
        && archive_write_add_filter_none(zip->archive) == ARCHIVE_OK
        /* No blocking: every write reaches the file at once, so the file offset marks each header. */
        && archive_write_set_bytes_per_block(zip->archive, 0) == ARCHIVE_OK
        && archive_write_open_fd(zip->archive, zip->fd) == ARCHIVE_OK;
    if (previous) uselocale(previous);
    if (!ok) { gg_zip_archive_error(zip, err, errlen, "cannot start the archive"); gg_zip_release(zip); return NULL; }
    return zip;
}

/* Copies `size` bytes from `fd` into the current entry. */
static int gg_zip_copy(gg_zip *zip, int fd, int64_t size, char *err, size_t errlen) {
    int64_t left = size;
    while (left > 0) {
        size_t want = left < GG_ZIP_CHUNK ? (size_t)left : GG_ZIP_CHUNK;
        ssize_t got = read(fd, zip->buffer, want);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) { gg_zip_message(err, errlen, "cannot read", strerror(errno)); return GG_ZIP_ERR; }
        if (got == 0) { gg_zip_message(err, errlen, "cannot read", "the file got shorter while being read"); return GG_ZIP_ERR; }
        for (ssize_t done = 0; done < got;) {
            la_ssize_t wrote = archive_write_data(zip->archive, zip->buffer + done, (size_t)(got - done));
            if (wrote <= 0) { gg_zip_archive_error(zip, err, errlen, "cannot write"); return GG_ZIP_ERR; }
            done += wrote;
        }
        left -= got;
    }
    return GG_ZIP_OK;
}

/* Writes the header of a regular file entry and remembers where it starts. */
static int gg_zip_header(gg_zip *zip, const char *name, int64_t size, int64_t mtime, char *err, size_t errlen) {
    if (zip->count == zip->capacity) {
        size_t grown = zip->capacity ? zip->capacity * 2 : 64;
        struct gg_zip_mark *bigger = realloc(zip->marks, grown * sizeof(*bigger));
        if (!bigger) { gg_zip_message(err, errlen, "out of memory", NULL); return GG_ZIP_ERR; }
        zip->marks = bigger;
        zip->capacity = grown;
    }
    struct archive_entry *entry = archive_entry_new();
    if (!entry) { gg_zip_message(err, errlen, "out of memory", NULL); return GG_ZIP_ERR; }
    archive_entry_set_pathname_utf8(entry, name);
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_size(entry, size);
    archive_entry_set_mtime(entry, (time_t)mtime, 0);
    zip->marks[zip->count].offset = lseek(zip->fd, 0, SEEK_CUR);
    zip->marks[zip->count].mtime = mtime;
    int status = archive_write_header(zip->archive, entry);
    archive_entry_free(entry);
    if (status != ARCHIVE_OK) { gg_zip_archive_error(zip, err, errlen, "cannot write the entry's header"); return GG_ZIP_ERR; }
    zip->count++;
    return GG_ZIP_OK;
}

int gg_zip_add_file(gg_zip *zip, const char *name, const char *source, int64_t mtime, char *err, size_t errlen) {
    int fd = open(source, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { gg_zip_message(err, errlen, "cannot open", strerror(errno)); return GG_ZIP_ERR; }
    struct stat info;
    int status = GG_ZIP_ERR;
    if (fstat(fd, &info) != 0) {
        gg_zip_message(err, errlen, "cannot read", strerror(errno));
    } else if (!S_ISREG(info.st_mode)) {
        gg_zip_message(err, errlen, "cannot read", "not a regular file");
    } else {
        locale_t previous = zip->utf8 ? uselocale(zip->utf8) : (locale_t)0;
        status = gg_zip_header(zip, name, (int64_t)info.st_size, mtime, err, errlen);
        if (status == GG_ZIP_OK) status = gg_zip_copy(zip, fd, (int64_t)info.st_size, err, errlen);
        if (status == GG_ZIP_OK && archive_write_finish_entry(zip->archive) != ARCHIVE_OK) {
            gg_zip_archive_error(zip, err, errlen, "cannot finish the entry");
            status = GG_ZIP_ERR;
        }
        if (previous) uselocale(previous);
        zip->directory = lseek(zip->fd, 0, SEEK_CUR);
    }
    close(fd);
    return status;
}

/* The MS-DOS date (high half) and time (low half) of `mtime` in UTC, clamped to 1980–2107 as
   libarchive clamps. */
static uint32_t gg_zip_dos_time(int64_t mtime) {
    time_t t = (time_t)mtime;
    struct tm tm;
    if (!gmtime_r(&t, &tm) || tm.tm_year < 80) return 0x00210000U;
    if (tm.tm_year > 207) return 0xff9fbf7dU;
    uint32_t date = ((uint32_t)(tm.tm_year - 80) << 9) | ((uint32_t)(tm.tm_mon + 1) << 5) | (uint32_t)tm.tm_mday;
    uint32_t time = ((uint32_t)tm.tm_hour << 11) | ((uint32_t)tm.tm_min << 5) | ((uint32_t)tm.tm_sec >> 1);
    return date << 16 | time;
}

static int gg_zip_poke(int fd, int64_t offset, uint32_t value) {
    unsigned char bytes[4] = { value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >> 24 };
    return pwrite(fd, bytes, 4, (off_t)offset) == 4 ? 0 : -1;
}

/* Rewrites the date fields of every local header and central directory record. */
static int gg_zip_fix_dates(gg_zip *zip, char *err, size_t errlen) {
    int64_t record = zip->directory;
    for (size_t i = 0; i < zip->count; i++) {
        unsigned char head[46];
        if (pread(zip->fd, head, sizeof(head), (off_t)record) != (ssize_t)sizeof(head) || memcmp(head, "PK\001\002", 4) != 0) {
            gg_zip_message(err, errlen, "cannot fix the archive's dates", "unexpected central directory");
            return GG_ZIP_ERR;
        }
        uint32_t dos = gg_zip_dos_time(zip->marks[i].mtime);
        if (gg_zip_poke(zip->fd, zip->marks[i].offset + 10, dos) != 0 || gg_zip_poke(zip->fd, record + 12, dos) != 0) {
            gg_zip_message(err, errlen, "cannot fix the archive's dates", strerror(errno));
            return GG_ZIP_ERR;
        }
        record += 46 + (head[28] | head[29] << 8) + (head[30] | head[31] << 8) + (head[32] | head[33] << 8);
    }
    return GG_ZIP_OK;
}

int gg_zip_close(gg_zip *zip, int64_t *size, char *err, size_t errlen) {
    locale_t previous = zip->utf8 ? uselocale(zip->utf8) : (locale_t)0;
    int closed = archive_write_close(zip->archive);
    if (previous) uselocale(previous);
    int status = GG_ZIP_OK;
    if (closed != ARCHIVE_OK) {
        gg_zip_archive_error(zip, err, errlen, "cannot finish the archive");
        status = GG_ZIP_ERR;
    } else {
        status = gg_zip_fix_dates(zip, err, errlen);
    }
    struct stat info;
    if (status == GG_ZIP_OK && fstat(zip->fd, &info) != 0) {
        gg_zip_message(err, errlen, "cannot read the archive's size", strerror(errno));
        status = GG_ZIP_ERR;
    }
    if (status == GG_ZIP_OK && size) *size = (int64_t)info.st_size;
    if (close(zip->fd) != 0 && status == GG_ZIP_OK) {
        gg_zip_message(err, errlen, "cannot close the archive", strerror(errno));
        status = GG_ZIP_ERR;
    }
    zip->fd = -1;
    gg_zip_release(zip);
    return status;
}

void gg_zip_abort(gg_zip *zip) {
    if (!zip) return;
    archive_write_fail(zip->archive);
    gg_zip_release(zip);
}
