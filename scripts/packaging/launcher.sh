#!/bin/sh
# galgen @VERSION@, self-contained archive: checks that this system's C library can run the binary, then
# runs it (libexec/galgen, which finds its libraries in lib/ through its RUNPATH). Symlinks to this file work.
need=@GLIBC_FLOOR@
self=$(readlink -f "$0" 2>/dev/null || echo "$0")
here=${self%/*}
have=$(getconf GNU_LIBC_VERSION 2>/dev/null)
case "$have" in
    "glibc "*) have=${have#glibc } ;;
    *)
        echo "galgen: this system's C library is not glibc (musl, as on Alpine?); this archive needs glibc $need or newer." >&2
        echo "galgen: use the container image, or build galgen from source (see the README)." >&2
        exit 127 ;;
esac
# Is $1 (a.b[.c]) older than $2? Compared field by field as numbers.
older() {
    oldIFS=$IFS; IFS=.
    set -- $1 0 0 0 -- $2 0 0 0
    IFS=$oldIFS
    a1=$1 a2=$2 a3=$3
    while [ "$1" != -- ]; do shift; done; shift
    for b in "$1" "$2" "$3"; do
        a=$a1; a1=$a2; a2=$a3
        [ "$a" -lt "$b" ] && return 0
        [ "$a" -gt "$b" ] && return 1
    done
    return 1
}
if older "$have" "$need"; then
    echo "galgen: needs glibc $need or newer (it uses symbols of GLIBC_$need), but this system has glibc $have." >&2
    echo "galgen: use a distribution with glibc $need or newer (Debian 12 has 2.36, Ubuntu 24.04 2.39), the container image, or build from source." >&2
    exit 127
fi
exec "$here/../libexec/galgen" "$@"
