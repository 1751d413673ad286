#include <unicode/ucol.h>
