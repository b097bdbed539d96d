/*
 * dl-gmime.c -- GMime, loaded on first use together with the GObject and
 * GLib it depends on (see dl.h): dlsym() on GMime's handle finds their
 * functions too.  Compiled only with lazy loading; the list of functions
 * is dl-gmime-syms.h, the variadic ones are below, forwarded to their
 * va_list forms.
 */
#include <stdarg.h>

#include <gmime/gmime.h>

#include "config.h"
#include "dl.h"

static struct dl_lib dl_this = { "GMime", TRIGON_SONAME_GMIME, NULL };

#include "dl-gmime-syms.h"

void
(g_string_append_printf)(GString *string, const gchar *format, ...)
{
	static __typeof__(g_string_append_vprintf) *fn;
	va_list ap;

	if (fn == NULL)
		fn = (__typeof__(g_string_append_vprintf) *)dl_sym(&dl_this,
		    "g_string_append_vprintf");
	va_start(ap, format);
	fn(string, format, ap);
	va_end(ap);
}

gchar *
(g_strdup_printf)(const gchar *format, ...)
{
	static __typeof__(g_strdup_vprintf) *fn;
	va_list ap;
	gchar *s;

	if (fn == NULL)
		fn = (__typeof__(g_strdup_vprintf) *)dl_sym(&dl_this,
		    "g_strdup_vprintf");
	va_start(ap, format);
	s = fn(format, ap);
	va_end(ap);
	return s;
}
