#include <libheif/heif.h>
