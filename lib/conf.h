/*
 * conf.h -- the user's configuration file (INI, read with inih).
 *
 * (Named conf.h, not config.h, so that it never shadows autoconf's
 * config.h, which cmd/ includes as "config.h".)
 *
 * Where: $TRIGON_HOME/config, else $XDG_CONFIG_HOME/trigon/config, else
 * $HOME/.config/trigon/config.  A missing file means the defaults; it
 * is not an error.  Every setting can also be given by a flag, so tests
 * and hot-seat play need no file.  trigon(1) CONFIGURATION lists the
 * keys:
 *
 *   [player] name, email, key       key: path of the secret key, ~ expanded
 *   [game]   file                   the default save file
 *            dir                    where trigon games looks (~ expanded)
 *   [git]    commit (yes/no), remote
 *   [mail]   to, from, sendmail
 *
 * Unknown sections and keys, empty or bad values, and keys given twice
 * are refused with ERR_DAMAGED and e->file/e->line set ("unknown key
 * 'nmae' in section [player]; did you mean 'name'?").
 */
#ifndef TRIGON_CONF_H
#define TRIGON_CONF_H

#include <stddef.h>

#include "err.h"

#define CONFIG_PATH_MAX 1024
#define CONFIG_STR_MAX 256

struct config {
	char path[CONFIG_PATH_MAX];	/* file read, "" when none */
	char name[CONFIG_STR_MAX];	/* [player] name, "" unset */
	char email[CONFIG_STR_MAX];	/* [player] email */
	char key[CONFIG_PATH_MAX];	/* [player] key, "" = config_key_path() default */
	char game_file[CONFIG_PATH_MAX];	/* [game] file */
	char game_dir[CONFIG_PATH_MAX];	/* [game] dir */
	int git_commit;			/* [git] commit: -1 unset, 0 no, 1 yes */
	char git_remote[CONFIG_STR_MAX];	/* [git] remote */
	char mail_to[CONFIG_STR_MAX];	/* [mail] to */
	char mail_from[CONFIG_STR_MAX];	/* [mail] from */
	char mail_sendmail[CONFIG_PATH_MAX];	/* [mail] sendmail */
};

/* Every field unset. */
void config_init(struct config *c);

/* trigon's configuration directory: $TRIGON_HOME, else
 * $XDG_CONFIG_HOME/trigon, else $HOME/.config/trigon (ERR_USAGE when
 * none of them is set). */
int config_dir(char *buf, size_t n, struct err *e);

/*
 * Initialise c and read the configuration file at path, or (path NULL)
 * at config_dir()/config.  A missing file at the discovered place gives
 * the defaults and returns 0; a missing file named explicitly is ERR_IO.
 */
int config_load(struct config *c, const char *path, struct err *e);

/* Parse configuration text (name is used in messages; e->line is set).
 * Never reads past len; any bytes give 0 or ERR_DAMAGED.  Fields it
 * does not mention keep their values.  The fuzzer's entry point. */
int config_parse_buf(struct config *c, const char *name, const char *buf,
    size_t len, struct err *e);

/* The secret key path: c->key when set, else config_dir()/key. */
int config_key_path(const struct config *c, char *buf, size_t n,
    struct err *e);

#endif
