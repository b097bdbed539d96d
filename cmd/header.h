/*
 * header.h -- what a new game's header is made of, for the commands
 * that start games (trigon new, trigon play): options, custom data
 * read from files, the options every new game of a rule set records,
 * the creation time.  Each function words its errors for the command
 * c that called it and returns an exit status.
 */
#ifndef TRIGON_CMD_HEADER_H
#define TRIGON_CMD_HEADER_H

#include <stddef.h>

#include "save.h"

struct cmd;

/*
 * The rule set named name (--rules NAME), or the first of this build
 * when name is NULL; NULL after a usage error (with did-you-mean) that
 * *rc holds.
 */
const struct rules *header_rules(const struct cmd *c, const char *name,
    int *rc);

/* Add "KEY=VALUE" (--option) to h. */
int header_option(const struct cmd *c, struct save_header *h,
    const char *arg);

/*
 * Add data of kind name[0..nlen) read from path (--data NAME=FILE) to
 * h's next blob, name and text malloc'ed; paths[i] remembers blob i's
 * file for header_data_refused.  The file must be canonical text.
 */
int header_data(const struct cmd *c, struct save_header *h,
    const char **paths, const char *name, size_t nlen, const char *path);

/*
 * For rule set r: add the options every new game records unless given
 * (rules.new_options), and refuse data of a kind r does not read.
 */
int header_complete(const struct cmd *c, const struct rules *r,
    struct save_header *h);

/* h->created: now in UTC, or $SOURCE_DATE_EPOCH for reproducible files. */
int header_created(struct save_header *h);

/*
 * When the rules refused the game because of data the user gave, say
 * so as "trigon: FILE:LINE: error: REASON", FILE the user's file (its
 * lines are the embedded block's lines), and return 1; else 0.
 */
int header_data_refused(const struct save *s, const struct save_header *h,
    const char *const *paths);

/* Free the blobs' names and texts. */
void header_release(struct save_header *h);

#endif
