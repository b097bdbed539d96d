/*
 * header.c -- a new game's header from the command line, shared by
 * trigon new and trigon play (header.h).
 */
#define _GNU_SOURCE 1		/* strndup */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "cmd.h"
#include "header.h"
#include "num.h"
#include "rules.h"
#include "save.h"
#include "suggest.h"

const struct rules *
header_rules(const struct cmd *c, const char *name, int *rc)
{
	const char *names[128], *near;
	char list[256] = "";
	size_t n = 0, nn = 0, len = 0;
	const struct rules *r;

	if ((r = name ? rules_find(name) : rules_table[0]) != NULL)
		return r;
	if (name == NULL) {
		*rc = usage_error(c, "this trigon knows no rule set");
		return NULL;
	}
	/* the names, and the short names rules_find() takes too */
	for (; rules_table[n] != NULL && n < 64; n++) {
		const char *sn = rules_table[n]->short_name;

		names[nn++] = rules_table[n]->name;
		if (sn != NULL && strcmp(sn, rules_table[n]->name) != 0)
			names[nn++] = sn;
		if (len < sizeof list)
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%s", n ? ", " : "", rules_table[n]->name);
	}
	if ((near = suggest_nearest(name, names, nn)) != NULL)
		*rc = usage_error(c, "unknown rule set '%s'; did you mean "
		    "'%s'?", name, near);
	else
		*rc = usage_error(c, "unknown rule set '%s' (this trigon "
		    "knows %s)", name, list);
	return NULL;
}

int
header_option(const struct cmd *c, struct save_header *h, const char *arg)
{
	if (h->noptions >= SAVE_OPTIONS_MAX || strlen(arg) >= SAVE_OPTION_MAX ||
	    strchr(arg, '=') == NULL || arg[0] == '=' ||
	    strchr(arg, ' ') != NULL)
		return usage_error(c, "bad option '%s': expected KEY=VALUE",
		    arg);
	snprintf(h->option[h->noptions++], SAVE_OPTION_MAX, "%s", arg);
	return EXIT_OK;
}

static int
read_data(struct rules_blob *b, const char *name, const char *path)
{
	struct buf fb = BUF_INIT;
	struct err e;
	char *text;
	size_t n;
	int rc, line = 1;

	err_clear(&e);
	if ((rc = buf_read_file(&fb, path, SAVE_DATA_MAX, &e)) != 0) {
		buf_release(&fb);
		errmsg("%s", e.msg);	/* "'F' is larger than N bytes" */
		return rc == ERR_DAMAGED ? EXIT_USAGE : EXIT_DAMAGED;
	}
	text = fb.p;
	n = fb.len;
	if (memchr(text, '\0', n) != NULL) {
		errmsg("'%s' is not text", path);
		free(text);
		return EXIT_USAGE;
	}
	/* The file embeds it byte for byte: refuse, never normalise. */
	for (const char *p = text, *end = text + n; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);
		const char *why = save_canonical(p, k);

		if (why == NULL && k > SAVE_LINE_MAX - 2)
			why = "line too long";
		if (why != NULL) {
			errmsg("%s:%d: error: %s (trigon stores data only as "
			    "canonical text)", path, line, why);
			free(text);
			return EXIT_USAGE;
		}
		p = nl ? nl + 1 : end;
	}
	b->name = name;
	b->text = text;
	b->len = n;
	return EXIT_OK;
}

int
header_data(const struct cmd *c, struct save_header *h, const char **paths,
    const char *name, size_t nlen, const char *path)
{
	char *copy;
	int rc;

	if (nlen == 0)
		return usage_error(c, "bad --data '=%s': expected NAME=FILE",
		    path);
	for (size_t i = 0; i < h->nblobs; i++)
		if (strlen(h->blob[i].name) == nlen &&
		    strncmp(h->blob[i].name, name, nlen) == 0)
			return usage_error(c, "--%.*s given twice", (int)nlen,
			    name);
	if (h->nblobs >= SAVE_BLOBS_MAX)
		return usage_error(c, "too much data");
	if ((copy = strndup(name, nlen)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if ((rc = read_data(&h->blob[h->nblobs], copy, path)) != EXIT_OK) {
		free(copy);
		return rc;
	}
	paths[h->nblobs++] = path;
	return EXIT_OK;
}

int
header_complete(const struct cmd *c, const struct rules *r,
    struct save_header *h)
{
	for (size_t k = 0; r->new_options && r->new_options[k]; k++) {
		int given = 0;

		for (size_t i = 0; i < h->noptions; i++)
			given |= rules_option_same_key(h->option[i],
			    r->new_options[k]);
		if (given)
			continue;
		if (h->noptions >= SAVE_OPTIONS_MAX)
			return usage_error(c, "too many options");
		snprintf(h->option[h->noptions++], SAVE_OPTION_MAX, "%s",
		    r->new_options[k]);
	}
	for (size_t i = 0; i < h->nblobs; i++) {
		int known = 0;

		for (size_t k = 0; r->blob_names && r->blob_names[k]; k++)
			known |= strcmp(r->blob_names[k], h->blob[i].name) == 0;
		if (!known)
			return usage_error(c, "the rules %s read no %s data",
			    r->name, h->blob[i].name);
	}
	return EXIT_OK;
}

int
header_created(struct save_header *h)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = time(NULL);
	struct tm tm;

	if (sde != NULL && sde[0] != '\0') {
		int64_t v;

		if (num_i64(sde, strlen(sde), 0, 253402300799LL, 0, &v) !=
		    0) {
			errmsg("bad SOURCE_DATE_EPOCH '%s'", sde);
			return EXIT_USAGE;
		}
		t = (time_t)v;
	}
	if (gmtime_r(&t, &tm) == NULL || strftime(h->created,
	    sizeof h->created, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
		errmsg("cannot format the time");
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

int
header_data_refused(const struct save *s, const struct save_header *h,
    const char *const *paths)
{
	const struct rules_error *re = &s->rerr;

	if (re->code != RULES_EDATA || re->data == NULL)
		return 0;
	for (size_t i = 0; i < h->nblobs; i++) {
		if (strcmp(h->blob[i].name, re->data) != 0)
			continue;
		if (re->line > 0)
			errmsg("%s:%d: error: %s", paths[i], re->line,
			    re->msg);
		else
			errmsg("%s: error: %s", paths[i], re->msg);
		return 1;
	}
	return 0;
}

void
header_release(struct save_header *h)
{
	for (size_t i = 0; i < h->nblobs; i++) {
		free((char *)(uintptr_t)h->blob[i].name);
		free((char *)(uintptr_t)h->blob[i].text);
		h->blob[i].name = NULL;
		h->blob[i].text = NULL;
	}
	h->nblobs = 0;
}
