/* The ICU that Foundation links (_FoundationICU, ICU 76 with CLDR's data), through its own headers: their macros
   name each function as that build exports it (swift_ucol_open, ...). Package.swift puts the toolchain's
   usr/lib/swift on the include path. One ICU in the binary: see docs/development.md, "One ICU". */
#ifndef GG_ICU_H
#define GG_ICU_H
#include <_foundation_unicode/ucal.h>
#include <_foundation_unicode/ucol.h>
#include <_foundation_unicode/udat.h>
#include <_foundation_unicode/udata.h>
#include <_foundation_unicode/udatpg.h>
#include <_foundation_unicode/uenum.h>
#include <_foundation_unicode/uloc.h>
#include <_foundation_unicode/unumberformatter.h>
#include <_foundation_unicode/unumsys.h>
#include <_foundation_unicode/upluralrules.h>
#include <_foundation_unicode/ures.h>
#include <_foundation_unicode/ustring.h>
#include <_foundation_unicode/uversion.h>
#endif
