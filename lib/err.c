/* err.c -- filling struct err (see err.h). */
#include <stdio.h>
#include <string.h>

#include "err.h"

int
err_setv(struct err *e, int code, const char *fmt, va_list ap)
{
	if (e != NULL) {
		e->code = code;
		vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	}
	return code;
}

int
err_set(struct err *e, int code, const char *fmt, ...)
{
	va_list ap;

	if (e != NULL) {
		e->file[0] = '\0';
		e->line = 0;
	}
	va_start(ap, fmt);
	err_setv(e, code, fmt, ap);
	va_end(ap);
	return code;
}

int
err_at(struct err *e, int code, const char *file, int line,
    const char *fmt, ...)
{
	va_list ap;

	if (e != NULL) {
		snprintf(e->file, sizeof e->file, "%s", file ? file : "");
		e->line = line;
	}
	va_start(ap, fmt);
	err_setv(e, code, fmt, ap);
	va_end(ap);
	return code;
}

void
err_clear(struct err *e)
{
	memset(e, 0, sizeof *e);
}
