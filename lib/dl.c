/*
 * dl.c -- dlopen() on first use (see dl.h).  The only exit in lib/: a
 * wrapper cannot report failure through the library's own API, and a
 * missing library is an installation fault no caller can mend.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "dl.h"

static void
dl_die(const struct dl_lib *lib, const char *what)
{
	const char *why = dlerror();

	fprintf(stderr, "trigon: cannot load %s%s (%s): %s\n", lib->name,
	    what, lib->soname, why != NULL ? why : "unknown error");
	exit(3);
}

void *
dl_sym(struct dl_lib *lib, const char *symbol)
{
	void *p;

	if (lib->handle == NULL) {
		/* RTLD_LOCAL: its names stay out of the global scope. */
		lib->handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
		if (lib->handle == NULL)
			dl_die(lib, "");
	}
	dlerror();
	if ((p = dlsym(lib->handle, symbol)) == NULL) {
		char what[160];

		snprintf(what, sizeof what, " function %s", symbol);
		dl_die(lib, what);
	}
	return p;
}
