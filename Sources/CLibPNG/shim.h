#include <png.h>
#include <zlib.h>
