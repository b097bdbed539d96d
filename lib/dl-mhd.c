/*
 * dl-mhd.c -- libmicrohttpd, loaded on first use (see dl.h): only trigon
 * serve needs it.  Compiled only with lazy loading; the list of
 * functions is dl-mhd-syms.h, MHD_start_daemon (variadic) is below,
 * forwarded to its va_list form.
 */
#include <stdarg.h>

#include <microhttpd.h>

#include "config.h"
#include "dl.h"

static struct dl_lib dl_this = { "libmicrohttpd", TRIGON_SONAME_MHD, NULL };

#include "dl-mhd-syms.h"

struct MHD_Daemon *
(MHD_start_daemon)(unsigned int flags, uint16_t port,
    MHD_AcceptPolicyCallback apc, void *apc_cls,
    MHD_AccessHandlerCallback dh, void *dh_cls, ...)
{
	static __typeof__(MHD_start_daemon_va) *fn;
	struct MHD_Daemon *d;
	va_list ap;

	if (fn == NULL)
		fn = (__typeof__(MHD_start_daemon_va) *)dl_sym(&dl_this,
		    "MHD_start_daemon_va");
	va_start(ap, dh_cls);
	d = fn(flags, port, apc, apc_cls, dh, dh_cls, ap);
	va_end(ap);
	return d;
}
