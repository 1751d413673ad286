#ifndef CZLIBSHIM_H
#define CZLIBSHIM_H
#include <stddef.h>

/* zlib, for one question the build asks of the files it writes: how many bytes a static host's gzip
   makes of them. Every zlib call of galgen's own outside the PNG shim is here. */

/* The size of `data` deflated at `level` (1-9) with a gzip header and trailer, as `gzip -<level>` makes it,
   or -1 when zlib fails (no memory). Nothing is kept: the output goes through a small buffer. */
long gg_gzip_size(const unsigned char *data, size_t len, int level);

#endif
