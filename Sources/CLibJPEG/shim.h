#include <stdio.h>   /* jpeglib.h uses FILE and size_t without including them */
#include <stddef.h>
#include <jpeglib.h>
