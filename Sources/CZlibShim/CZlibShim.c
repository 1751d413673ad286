#include "CZlibShim.h"
#include <zlib.h>

long gg_gzip_size(const unsigned char *data, size_t len, int level) {
    z_stream s = {0};
    /* windowBits 15 + 16: a gzip wrapper (header and CRC trailer), as a web server's gzip. */
    if (deflateInit2(&s, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    unsigned char out[16384];
    long total = 0;
    s.next_in = (unsigned char *)data;
    int flush = Z_NO_FLUSH;
    size_t left = len;
    int status;
    do {
        /* zlib's avail_in is 32 bits: feed at most 1 GiB at a time. */
        if (s.avail_in == 0 && left > 0) {
            size_t chunk = left > (1u << 30) ? (1u << 30) : left;
            s.avail_in = (uInt)chunk;
            left -= chunk;
        }
        flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
        s.next_out = out;
        s.avail_out = sizeof out;
        status = deflate(&s, flush);
        if (status == Z_STREAM_ERROR) { deflateEnd(&s); return -1; }
        total += (long)(sizeof out - s.avail_out);
    } while (status != Z_STREAM_END);
    deflateEnd(&s);
    return total;
}
