/*
 * dl.h -- load a shared library on its first use (lib/dl-git2.c,
 * lib/dl-gmime.c).
 *
 * Most commands need neither libgit2 nor GMime (with glib), yet loading
 * them and their dependencies at start-up cost more than the rest of a
 * short command together.  With lazy loading (the default; configure
 * --disable-lazy-libs links them directly) the binary is not linked
 * against them: each function the code calls is defined here under its
 * own name and prototype, and its first call dlopen()s the library by
 * its SONAME and dlsym()s the real function.  The definitions include the
 * library's own header, so the compiler checks every prototype; a
 * function missing from a list is an undefined reference at link time.
 *
 * The executable does not export these names (no -rdynamic), so the
 * loaded library binds its internal calls to its own functions, never
 * to these wrappers.  Libraries are never closed: valgrind and the
 * sanitizers see them loaded until exit.
 */
#ifndef TRIGON_DL_H
#define TRIGON_DL_H

struct dl_lib {
	const char *name;	/* for messages: "libgit2" */
	const char *soname;	/* what dlopen() gets: "libgit2.so.1.5" */
	void *handle;		/* NULL until the first call */
};

/*
 * The address of symbol in lib, loading lib first if needed.  A library
 * or symbol that cannot be found is a broken installation: print why
 * ("trigon: cannot load libgit2 (libgit2.so.1.5): ...") and exit with
 * status 3, like any other unreadable file.  Never returns NULL.
 */
void *dl_sym(struct dl_lib *lib, const char *symbol);

/*
 * One wrapper: DL_FNR returns a value, DL_FNV returns nothing.  The
 * name is put in parentheses so that a function-like macro of the same
 * name (glib has some) is not expanded.  Expects a struct dl_lib named
 * dl_this in the including file.
 */
#define DL_FN_PTR(name) \
	static __typeof__(name) *fn; \
	if (fn == NULL) \
		fn = (__typeof__(name) *)dl_sym(&dl_this, #name)
#define DL_FNR(ret, name, params, args) \
	ret (name) params { DL_FN_PTR(name); return fn args; }
#define DL_FNV(ret, name, params, args) \
	ret (name) params { DL_FN_PTR(name); fn args; }

#endif
