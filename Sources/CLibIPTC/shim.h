#include <libiptcdata/iptc-data.h>
#include <libiptcdata/iptc-jpeg.h>
