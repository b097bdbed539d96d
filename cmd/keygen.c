/*
 * keygen.c -- trigon keygen (create a key pair) and trigon pubkey (print
 * the public key line of an existing key).  The work is in lib/keys.c;
 * here are the options, the default key path and the messages.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "conf.h"
#include "err.h"
#include "keys.h"
#include "passphrase.h"

static int report(const struct err *);
static int default_key(char *, size_t, int);

enum { OPT_NO_PASS = 256, OPT_PASS_FILE, OPT_FORCE };

static const struct option keygen_opts[] = {
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "no-passphrase", no_argument, NULL, OPT_NO_PASS },
	{ "passphrase-file", required_argument, NULL, OPT_PASS_FILE },
	{ NULL, 0, NULL, 0 },
};

static const struct option pubkey_opts[] = {
	{ "check", no_argument, NULL, 'c' },
	{ "passphrase-file", required_argument, NULL, OPT_PASS_FILE },
	{ NULL, 0, NULL, 0 },
};

static int
keygen_main(int argc, char **argv)
{
	unsigned char pk[KEY_PUB_BYTES], oldpk[KEY_PUB_BYTES];
	char path[CONFIG_PATH_MAX], line[KEY_PUB_TEXT_MAX], *pass = NULL;
	char oldline[KEY_PUB_TEXT_MAX] = "", pubpath[CONFIG_PATH_MAX + 4];
	const char *passfile = NULL;
	size_t passlen = 0;
	struct err e;
	int ch, force = 0, nopass = 0, existed = 0, rc;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+f", keygen_opts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'f':
			/* -f was --force until 0.x; everywhere else -f names
			 * a file, so it is refused rather than guessed. */
			return usage_error(&cmd_keygen, "keygen has no -f "
			    "(it used to mean --force; elsewhere -f names the "
			    "save file); to replace an existing key, say "
			    "--force");
		case OPT_FORCE:
			force = 1;
			break;
		case OPT_NO_PASS:
			nopass = 1;
			break;
		case OPT_PASS_FILE:
			passfile = optarg;
			break;
		default:
			return cmd_bad_option(&cmd_keygen, "+f", keygen_opts,
			    argv);
		}
	}
	if (argc - optind > 1)
		return usage_error(&cmd_keygen, "too many arguments");
	if (nopass && passfile != NULL)
		return usage_error(&cmd_keygen, "--no-passphrase and "
		    "--passphrase-file exclude each other");
	if (optind < argc) {
		if (argv[optind][0] == '\0')
			return usage_error(&cmd_keygen, "empty key file name");
		if ((size_t)snprintf(path, sizeof path, "%s", argv[optind]) >=
		    sizeof path)
			return usage_error(&cmd_keygen, "key file name too "
			    "long");
	} else if ((rc = default_key(path, sizeof path, 1)) != EXIT_OK)
		return rc;

	/* A key in the way is refused before the passphrase is asked
	   (keys_generate would refuse it after, the same words). */
	snprintf(pubpath, sizeof pubpath, "%s.pub", path);
	if (!force && (access(pubpath, F_OK) == 0 || access(path, F_OK) == 0)) {
		err_set(&e, ERR_REFUSED, "'%s' already exists; use --force to "
		    "replace the key", access(pubpath, F_OK) == 0 ? pubpath :
		    path);
		return report(&e);
	}
	if (!nopass) {
		if (passfile == NULL && getenv(PASSPHRASE_ENV) == NULL &&
		    !passphrase_have_tty())
			return usage_error(&cmd_keygen, "no passphrase for the "
			    "new key: give one with --passphrase-file FILE or "
			    "in $%s, run trigon on a terminal, or use "
			    "--no-passphrase for an unprotected key",
			    PASSPHRASE_ENV);
		if (sodium_init() < 0 ||
		    (pass = sodium_malloc(PASSPHRASE_MAX)) == NULL) {
			errmsg("out of memory");
			return EXIT_DAMAGED;
		}
		rc = passphrase_get(passfile, path, 1, pass, PASSPHRASE_MAX,
		    &passlen, &e);
		if (rc != 0) {
			sodium_free(pass);
			return report(&e);
		}
	}
	/* What --force is about to replace, to say so afterwards. */
	if (force && (access(path, F_OK) == 0 || access(pubpath, F_OK) == 0)) {
		struct err ignored;

		existed = 1;
		err_clear(&ignored);
		if (keys_load_public(path, oldpk, &ignored) == 0)
			keys_pub_format(oldpk, oldline, sizeof oldline);
	}
	rc = keys_generate(path, pass, passlen, force, pk, &e);
	sodium_free(pass);
	if (rc != 0)
		return report(&e);
	keys_pub_format(pk, line, sizeof line);
	printf("%s\n", line);
	if (existed)
		errmsg("replaced the existing key '%s' (--force); the old "
		    "key%s%s%s is gone: you can no longer move in games that "
		    "name it",
		    path, oldline[0] ? " (" : "", oldline,
		    oldline[0] ? ")" : "");
	errmsg("secret key (%s) written to '%s', public key to '%s.pub'",
	    nopass ? "no passphrase" : "passphrase-protected", path, path);
	return EXIT_OK;
}

static int
pubkey_main(int argc, char **argv)
{
	unsigned char pk[KEY_PUB_BYTES], pk2[KEY_PUB_BYTES], *sk;
	char path[CONFIG_PATH_MAX], line[KEY_PUB_TEXT_MAX];
	const char *passfile = NULL;
	struct err e;
	int ch, check = 0, rc;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+", pubkey_opts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			check = 1;
			break;
		case OPT_PASS_FILE:
			passfile = optarg;
			break;
		default:
			return cmd_bad_option(&cmd_pubkey, "+", pubkey_opts,
			    argv);
		}
	}
	if (argc - optind > 1)
		return usage_error(&cmd_pubkey, "too many arguments");
	if (passfile != NULL && !check)
		return usage_error(&cmd_pubkey, "--passphrase-file needs "
		    "--check");
	if (optind < argc) {
		if ((size_t)snprintf(path, sizeof path, "%s", argv[optind]) >=
		    sizeof path)
			return usage_error(&cmd_pubkey, "key file name too "
			    "long");
	} else if ((rc = default_key(path, sizeof path, 0)) != EXIT_OK)
		return rc;
	if (check) {
		/* Open the secret key itself; PATH.pub must agree. */
		if (sodium_init() < 0 ||
		    (sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
			errmsg("out of memory");
			return EXIT_DAMAGED;
		}
		rc = keys_unlock(path, passfile, sk, pk, &e);
		sodium_free(sk);
		if (rc != 0)
			return report(&e);
		if (keys_load_public(path, pk2, &e) != 0)
			return report(&e);
		if (memcmp(pk, pk2, sizeof pk) != 0) {
			errmsg("'%s.pub' does not belong to '%s'", path, path);
			return EXIT_DAMAGED;
		}
	} else if (keys_load_public(path, pk, &e) != 0)
		return report(&e);
	keys_pub_format(pk, line, sizeof line);
	printf("%s\n", line);
	return EXIT_OK;
}

/* Print e as "trigon: [FILE:LINE: ]msg"; the exit status for its code. */
static int
report(const struct err *e)
{
	if (e->file[0] != '\0' && e->line > 0)
		errmsg("%s:%d: %s", e->file, e->line, e->msg);
	else if (e->file[0] != '\0')
		errmsg("%s: %s", e->file, e->msg);
	else
		errmsg("%s", e->msg);
	switch (e->code) {
	case ERR_REFUSED:
	case ERR_CHANGED:
		return EXIT_REFUSED;
	case ERR_USAGE:
		return EXIT_USAGE;
	default:
		return EXIT_DAMAGED;
	}
}

/*
 * The key path from the configuration, else the configuration
 * directory's "key".  With mkdirs set (keygen), create the directory
 * (mode 0700) when it does not exist yet.
 */
static int
default_key(char *path, size_t n, int mkdirs)
{
	struct config c;
	struct err e;
	char *slash;

	err_clear(&e);
	if (config_load(&c, NULL, &e) != 0 ||
	    config_key_path(&c, path, n, &e) != 0)
		return report(&e);
	if (!mkdirs || (slash = strrchr(path, '/')) == NULL || slash == path)
		return EXIT_OK;
	/* mkdir -p of the directory part. */
	for (char *p = path + 1; p <= slash; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			errmsg("cannot create directory '%s': %s", path,
			    strerror(errno));
			*p = '/';
			return EXIT_DAMAGED;
		}
		*p = '/';
	}
	return EXIT_OK;
}

static int
keygen_exec(struct cmd_ctx *c)
{
	return keygen_main(c->argc, c->argv);
}

const struct cmd cmd_keygen = {
	.name = "keygen",
	.usage = "trigon keygen [--force] [--no-passphrase] "
	"[--passphrase-file FILE] [KEYFILE]",
	.summary = "Create your Ed25519 key pair; print the public key line.",
	.exec = keygen_exec,
	.help = "  --force                 replace an existing key (the old one is lost;\n"
	"                          -f no longer means this)\n"
	"  --no-passphrase         store the secret key unprotected\n"
	"  --passphrase-file FILE  take the passphrase from FILE's first line\n"
	"  KEYFILE                 default: [player] key in the configuration,\n"
	"                          else $TRIGON_HOME/key or\n"
	"                          $XDG_CONFIG_HOME/trigon/key\n"
	"Without a passphrase source, $TRIGON_PASSPHRASE is used, or the\n"
	"terminal asks twice.  KEYFILE.pub gets the public key line.\n",
	.help_more = NULL,
	.flags = CMD_RAW,
	.shortopts = "f",
	.opts = keygen_opts,
};

static int
pubkey_exec(struct cmd_ctx *c)
{
	return pubkey_main(c->argc, c->argv);
}

const struct cmd cmd_pubkey = {
	.name = "pubkey",
	.usage = "trigon pubkey [--check [--passphrase-file FILE]] [KEYFILE]",
	.summary = "Print the public key line of your key (for trigon new).",
	.exec = pubkey_exec,
	.help = "  --check                 open the secret key (asking for its\n"
	"                          passphrase) and check it against KEYFILE.pub\n"
	"  --passphrase-file FILE  with --check: the passphrase is FILE's\n"
	"                          first line\n"
	"  KEYFILE                 the secret key file (KEYFILE.pub is read\n"
	"                          when it exists) or a .pub file; default as\n"
	"                          for trigon keygen\n"
	"Without --check no passphrase is needed.\n",
	.help_more = NULL,
	.flags = CMD_RAW,
	.opts = pubkey_opts,
};
