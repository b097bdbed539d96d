/*
 * dl-git2.c -- libgit2, loaded on first use (see dl.h).  Compiled only
 * with lazy loading (configure's default); the list of functions is
 * dl-git2-syms.h.
 */
#include <git2.h>

#include "config.h"
#include "dl.h"

static struct dl_lib dl_this = { "libgit2", TRIGON_SONAME_GIT2, NULL };

#include "dl-git2-syms.h"
