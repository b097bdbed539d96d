/*
 * new.c -- trigon new: start a game in a new save file.  The players'
 * seats, names, e-mail addresses and public keys, the seed, options
 * and custom data become the file's header (lib/save.c checks it all
 * by reading it back before anything is written).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "header.h"
#include "keys.h"
#include "fair.h"
#include "save.h"
#include "suggest.h"

static int parse_player(struct save_player *pl, const char *spec);
static int check_players(const struct rules *r, const struct save_header *h);
static int check_hands(const struct rules *r, const struct save_header *h);
static int creator_join(const char *path, const char *kopt,
    const char *passfile, struct save *s, struct save_buf *out, int *joined);

enum { OPT_SEED = 256, OPT_OPTION, OPT_RULES, OPT_DATA, OPT_BLOB, OPT_CHANCE,
	OPT_DEADLINE, OPT_KEY, OPT_PASSFILE, OPT_HANDS };

#define NEW_OPTS_MAX 64

static const struct option base_opts[] = {
	{ "player", required_argument, NULL, 'p' },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "option", required_argument, NULL, OPT_OPTION },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "data", required_argument, NULL, OPT_DATA },
	{ "chance", required_argument, NULL, OPT_CHANCE },
	{ "deadline", required_argument, NULL, OPT_DEADLINE },
	{ "hands", required_argument, NULL, OPT_HANDS },
	{ "key", required_argument, NULL, OPT_KEY },
	{ "passphrase-file", required_argument, NULL, OPT_PASSFILE },
};
#define NBASE (sizeof base_opts / sizeof base_opts[0])

/*
 * The options: new's own, then "--NAME FILE" for every kind of data a
 * rule set of this build reads (rules.blob_names) -- the same as
 * "--data NAME=FILE", so the names users of a game learnt keep
 * working (each game names its kinds).  A kind named like one of new's
 * own options is reached through --data alone.
 */
static size_t
new_longopts(struct option *o, size_t max)
{
	size_t n = 0;

	if (max < NBASE + 1)
		return 0;
	for (size_t i = 0; i < NBASE; i++)
		o[n++] = base_opts[i];
	for (size_t t = 0; rules_table[t] != NULL; t++) {
		const char *const *b = rules_table[t]->blob_names;

		for (size_t k = 0; b != NULL && b[k] != NULL; k++) {
			size_t j;

			for (j = 0; j < n && strcmp(o[j].name, b[k]) != 0; j++)
				;
			if (j < n || n >= max - 1)
				continue;
			o[n].name = b[k];
			o[n].has_arg = required_argument;
			o[n].flag = NULL;
			o[n++].val = OPT_BLOB;
		}
	}
	memset(&o[n], 0, sizeof o[n]);
	return n;
}

/*
 * new's options into h (players, chance, deadline, --option, --data and
 * the blobs' own options) and the strings of the others: EXIT_OK, or a
 * usage error.
 */
static int
new_options(int argc, char **argv, struct option *longopts,
    struct save_header *h, const char **data_path, const char **seed,
    const char **rules, const char **kopt, const char **passfile)
{
	const char *eq;
	int ch, li, rc;

	while ((ch = getopt_long(argc, argv, "p:", longopts, &li)) != -1) {
		switch (ch) {
		case 'p':
			if (h->nplayers >= RULES_MAX_SEATS) {
				rc = usage_error(&cmd_new, "too many players");
				return rc;
			}
			if ((rc = parse_player(&h->player[h->nplayers], optarg)))
				return rc;
			h->nplayers++;
			break;
		case OPT_SEED:
			*seed = optarg;
			break;
		case OPT_RULES:
			*rules = optarg;
			break;
		case OPT_CHANCE:
			if (strcmp(optarg, "open") == 0)
				h->chance = SAVE_CHANCE_OPEN;
			else if (strcmp(optarg, "fair") == 0)
				h->chance = SAVE_CHANCE_FAIR;
			else {
				rc = usage_error(&cmd_new, "--chance takes open "
				    "or fair, not '%s'", optarg);
				return rc;
			}
			break;
		case OPT_HANDS:
			if (strcmp(optarg, "open") == 0)
				h->hands = SAVE_HANDS_OPEN;
			else if (strcmp(optarg, "sealed") == 0)
				h->hands = SAVE_HANDS_SEALED;
			else
				return usage_error(&cmd_new, "--hands takes "
				    "open or sealed, not '%s'", optarg);
			break;
		case OPT_DEADLINE: {
			/* ANSWER,GRACE: trigon-save(5)'s durations */
			const char *comma = strchr(optarg, ',');
			struct err de;

			if (comma == NULL || fair_parse_duration(optarg,
			    (size_t)(comma - optarg), &h->deadline, &de) != 0 ||
			    fair_parse_duration(comma + 1, strlen(comma + 1),
			    &h->grace, &de) != 0) {
				rc = usage_error(&cmd_new, "--deadline takes "
				    "ANSWER,GRACE, each a number and m, h or d "
				    "(e.g. 72h,24h), not '%s'", optarg);
				return rc;
			}
			h->has_deadline = 1;
			break;
		}
		case OPT_KEY:
			*kopt = optarg;
			break;
		case OPT_PASSFILE:
			*passfile = optarg;
			break;
		case OPT_OPTION:
			if ((rc = header_option(&cmd_new, h, optarg)) !=
			    EXIT_OK)
				return rc;
			break;
		case OPT_DATA:
			if ((eq = strchr(optarg, '=')) == NULL) {
				rc = usage_error(&cmd_new, "bad --data '%s': "
				    "expected NAME=FILE", optarg);
				return rc;
			}
			if ((rc = header_data(&cmd_new, h, data_path, optarg,
			    (size_t)(eq - optarg), eq + 1)) != EXIT_OK)
				return rc;
			break;
		case OPT_BLOB:
			if ((rc = header_data(&cmd_new, h, data_path,
			    longopts[li].name, strlen(longopts[li].name),
			    optarg)) != EXIT_OK)
				return rc;
			break;
		default:
			rc = cmd_bad_option(&cmd_new, "p:", longopts, argv);
			return rc;
		}
	}
	return EXIT_OK;
}

static int
new_main(int argc, char **argv)
{
	struct option longopts[NEW_OPTS_MAX];
	static struct save_header h;
	const char *data_path[SAVE_BLOBS_MAX];
	struct save s;
	struct save_buf out = { 0 };
	struct rules_await aw;
	const struct rules *r;
	const char *seed = NULL, *rules = NULL, *path;
	const char *kopt = NULL, *passfile = NULL;
	int joined = -1;
	struct err e;
	int rc;

	memset(&h, 0, sizeof h);
	err_clear(&e);
	new_longopts(longopts, NEW_OPTS_MAX);
	optind = 1;
	opterr = 0;
	if ((rc = new_options(argc, argv, longopts, &h, data_path, &seed,
	    &rules, &kopt, &passfile)) != EXIT_OK)
		goto out;
	if (argc - optind != 1) {
		rc = usage_error(&cmd_new, argc - optind ? "too many arguments"
		    : "no file name");
		goto out;
	}
	path = argv[optind];
	if ((r = header_rules(&cmd_new, rules, &rc)) == NULL)
		goto out;
	snprintf(h.rules, sizeof h.rules, "%s", r->name);
	if (h.nplayers < r->min_seats || h.nplayers > r->max_seats) {
		rc = usage_error(&cmd_new, "%s needs %d to %d players "
		    "(--player SEAT:NAME[:EMAIL]:KEY); %d given", r->title,
		    r->min_seats, r->max_seats, h.nplayers);
		goto out;
	}
	if ((rc = check_players(r, &h)) != EXIT_OK)
		goto out;
	/* What every new game records unless given (rules.h). */
	if ((rc = header_complete(&cmd_new, r, &h)) != EXIT_OK)
		goto out;
	if (sodium_init() < 0) {
		errmsg("cannot initialise libsodium");
		rc = EXIT_DAMAGED;
		goto out;
	}
	if (seed != NULL) {
		if (strlen(seed) != 2 * RULES_SEED_BYTES ||
		    sodium_hex2bin(h.seed, sizeof h.seed, seed, strlen(seed),
		    NULL, NULL, NULL) != 0) {
			rc = usage_error(&cmd_new, "--seed needs %d hex digits",
			    2 * RULES_SEED_BYTES);
			goto out;
		}
	} else
		randombytes_buf(h.seed, sizeof h.seed);
	if ((rc = check_hands(r, &h)) != EXIT_OK)
		goto out;
	/* Fair chance: no seed; the salt (public) names the game. */
	if (h.chance == SAVE_CHANCE_FAIR) {
		memcpy(h.salt, h.seed, sizeof h.salt);
		sodium_memzero(h.seed, sizeof h.seed);
	}
	if ((rc = header_created(&h)) != EXIT_OK)
		goto out;
	if (access(path, F_OK) == 0) {
		errmsg("'%s' already exists; not overwritten", path);
		rc = EXIT_REFUSED;
		goto out;
	}

	save_init(&s, path);
	rc = save_start(&s, &h, &out, &e);
	/* Fair chance: the creator's own join comes with the header. */
	if (rc == 0 && h.chance == SAVE_CHANCE_FAIR &&
	    (rc = creator_join(path, kopt, passfile, &s, &out, &joined)) !=
	    EXIT_OK)
		goto done;
	if (rc == 0)
		rc = save_write_new(path, &out, &e);
	if (rc != 0) {
		/* Bad design data is named by its own file and line. */
		if (rc == ERR_NOMEM || !header_data_refused(&s, &h, data_path))
			rc = game_report(&e, 0);
		else
			rc = EXIT_USAGE;
	} else if (!save_started(&s)) {
		char what[512];

		save_awaits(&s, what, sizeof what);
		printf("%s: new game of %s for", path, s.rules->title);
		for (int i = 0; i < h.nplayers; i++)
			printf("%s %s (%s)", i ? "," : "", h.player[i].seat,
			    h.player[i].name);
		printf("; fair chance: ");
		if (joined >= 0)
			printf("%s joined; ", h.player[joined].seat);
		printf("awaits %s (each runs trigon answer)\n", what);
	} else if ((rc = game_await(&s, path, &aw)) == EXIT_OK) {
		printf("%s: new game of %s for", path, s.rules->title);
		for (int i = 0; i < h.nplayers; i++)
			printf("%s %s (%s)", i ? "," : "", h.player[i].seat,
			    h.player[i].name);
		if (!aw.over)
			printf("; %s to act\n", h.player[aw.seat].seat);
		else
			printf("\n");
	}
done:
	save_release(&s);
	save_buf_release(&out);
out:
	header_release(&h);
	return rc;
}

/*
 * The creator's join (doc/fair-chance.md: "the creator's client adds its
 * join with the header"): with --key, that key's seat, which must be a
 * player's (else a usage error); without, the configured [player] key
 * when it exists and is a player's (else nobody joins yet).  out (the
 * new file, read into s) becomes the file with the join; *joined its
 * seat, or -1.
 */
static int
creator_join(const char *path, const char *kopt, const char *passfile,
    struct save *s, struct save_buf *out, int *joined)
{
	struct cmd_ctx c;
	struct buf with = BUF_INIT;
	unsigned char *sk;
	struct err e;
	int seat, added, rc;

	memset(&c, 0, sizeof c);
	c.cmd = &cmd_new;
	c.kopt = kopt;
	if ((rc = cmd_asker(&c, 1)) != EXIT_OK)
		return rc;
	if (c.kpath[0] == '\0' || c.mine == -2)
		return EXIT_OK;		/* no key: nobody joins yet */
	if ((seat = save_seat_of_key(s, c.pk)) < 0) {
		if (kopt == NULL)
			return EXIT_OK;
		return usage_error(&cmd_new, "--key '%s' is no player's key "
		    "in this game; the creator's join needs its own seat's "
		    "key", kopt);
	}
	err_clear(&e);
	if ((sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if (keys_unlock(c.kpath, passfile, sk, c.pk, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (save_answer(s, out->p, out->len, sk, &with, &added, &e) != 0) {
		if (e.file[0] == '\0')
			snprintf(e.file, sizeof e.file, "%s", path);
		rc = game_report(&e, 0);
		goto out;
	}
	if (added > 0) {
		save_buf_release(out);
		*out = with;
		with = (struct buf)BUF_INIT;
		*joined = seat;
	}
	rc = EXIT_OK;
out:
	buf_release(&with);
	sodium_free(sk);
	return rc;
}

/*
 * --hands sealed: fair chance only, and a rule set that deals its
 * hidden cards from sealed decks (rules.hands_sealed; trigon-save(5),
 * "Sealed hands"), the others named.
 */
static int
check_hands(const struct rules *r, const struct save_header *h)
{
	const struct rules *const *t = rules_registry();
	char list[256] = "";
	size_t n = 0;

	if (h->hands != SAVE_HANDS_SEALED)
		return EXIT_OK;
	if (h->chance != SAVE_CHANCE_FAIR)
		return usage_error(&cmd_new, "--hands sealed goes with "
		    "--chance fair");
	if (r->hands_sealed)
		return EXIT_OK;
	for (; *t != NULL && n < sizeof list; t++)
		if ((*t)->hands_sealed)
			n += (size_t)snprintf(list + n, sizeof list - n,
			    "%s%s", n ? ", " : "", (*t)->name);
	return usage_error(&cmd_new, "%s deals no sealed hands: --hands "
	    "sealed works with %s", r->title, n ? list : "no rule set of "
	    "this build yet");
}

/* SEAT:NAME[:EMAIL]:KEY, KEY a public key line or a key file. */
/*
 * Seats the rules know, each once, and a key of its own for each
 * player: said here in the words of the command line, with the seat
 * the user most likely meant (lib/save.c checks the same for files).
 */
static int
check_players(const struct rules *r, const struct save_header *h)
{
	char list[256] = "";
	size_t n = 0;
	int k;

	for (k = 0; r->seat_names[k] != NULL && n < sizeof list; k++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
		    k ? ", " : "", r->seat_names[k]);
	for (int i = 0; i < h->nplayers; i++) {
		const char *seat = h->player[i].seat, *near;

		for (k = 0; r->seat_names[k] != NULL &&
		    strcmp(r->seat_names[k], seat) != 0; k++)
			;
		if (r->seat_names[k] == NULL) {
			near = suggest_nearest(seat, r->seat_names,
			    (size_t)k);
			if (near != NULL)
				return usage_error(&cmd_new, "'%s' is not a "
				    "seat of %s (%s); did you mean '%s'?", seat,
				    r->title, list, near);
			return usage_error(&cmd_new, "'%s' is not a seat of "
			    "%s (%s)", seat, r->title, list);
		}
		for (int j = 0; j < i; j++) {
			if (strcmp(h->player[j].seat, seat) == 0)
				return usage_error(&cmd_new, "two players "
				    "have the seat '%s'", seat);
			if (sodium_memcmp(h->player[j].pk, h->player[i].pk,
			    sizeof h->player[i].pk) == 0)
				return usage_error(&cmd_new, "%s and %s have "
				    "the same key; each player signs with a "
				    "key of their own ('trigon keygen FILE' "
				    "makes another)", h->player[j].seat, seat);
		}
	}
	return EXIT_OK;
}

static int
parse_player(struct save_player *pl, const char *spec)
{
	char buf[1024], *seat, *name, *email = NULL, *key, *p;
	struct err e;

	memset(pl, 0, sizeof *pl);
	if (strlen(spec) >= sizeof buf)
		return usage_error(&cmd_new, "--player value too long");
	strcpy(buf, spec);
	seat = buf;
	if ((p = strchr(buf, ':')) == NULL)
		goto bad;
	*p = '\0';
	name = p + 1;
	/* The key: a "trigon-ed25519:..." line, or after the last ':'. */
	if ((key = strstr(name, ":" KEY_PUB_PREFIX)) != NULL) {
		*key++ = '\0';
	} else if ((key = strrchr(name, ':')) != NULL) {
		*key++ = '\0';
	} else
		goto bad;
	if ((p = strrchr(name, ':')) != NULL) {
		*p = '\0';
		email = p + 1;
	}
	if (seat[0] == '\0' || name[0] == '\0' || key[0] == '\0')
		goto bad;
	err_clear(&e);
	if (strncmp(key, KEY_PUB_PREFIX, strlen(KEY_PUB_PREFIX)) == 0) {
		if (keys_pub_parse(key, strlen(key), pl->pk, &e) != 0)
			return usage_error(&cmd_new, "player %s: %s", seat,
			    e.msg);
	} else if (keys_load_public(key, pl->pk, &e) != 0) {
		return usage_error(&cmd_new, "player %s: %s", seat, e.msg);
	}
	if (strlen(seat) >= sizeof pl->seat ||
	    strlen(name) >= sizeof pl->name ||
	    (email && strlen(email) >= sizeof pl->email))
		return usage_error(&cmd_new, "player %s: name too long", seat);
	if (email != NULL && (email[0] == '\0' || strchr(email, '@') == NULL ||
	    strpbrk(email, " <>") != NULL))
		return usage_error(&cmd_new, "player %s: bad e-mail address "
		    "'%s'", seat, email);
	if (strpbrk(name, "<>") != NULL || name[0] == ' ' ||
	    name[strlen(name) - 1] == ' ')
		return usage_error(&cmd_new, "player %s: bad name '%s' (no "
		    "'<', '>' or spaces around it)", seat, name);
	strcpy(pl->seat, seat);
	strcpy(pl->name, name);
	if (email != NULL)
		strcpy(pl->email, email);
	return EXIT_OK;
bad:
	return usage_error(&cmd_new, "bad --player '%s': expected "
	    "SEAT:NAME[:EMAIL]:KEY", spec);
}

/* The kinds of data each rule set reads, for trigon help new. */
static void
new_help_more(void *stream)
{
	FILE *f = stream;

	fprintf(f, "\nThe seats and data of each rule set:\n");
	for (size_t t = 0; rules_table[t] != NULL; t++) {
		const struct rules *r = rules_table[t];

		fprintf(f, "  %s (%s), %d to %d players; seats:", r->name,
		    r->title, r->min_seats, r->max_seats);
		for (size_t i = 0; r->seat_names[i] != NULL; i++)
			fprintf(f, " %s", r->seat_names[i]);
		fputc('\n', f);
		for (size_t k = 0; r->blob_names && r->blob_names[k]; k++)
			fprintf(f, "    --data %s=FILE%*s%s\n", r->blob_names[k],
			    (int)(strlen(r->blob_names[k]) < 14 ?
			    14 - strlen(r->blob_names[k]) : 1), "",
			    r->blob_texts && r->blob_texts[k] ?
			    r->blob_texts[k] : "");
	}
}

static int
new_exec(struct cmd_ctx *c)
{
	return new_main(c->argc, c->argv);
}

const struct cmd cmd_new = {
	.name = "new",
	.usage = "trigon new FILE --player SEAT:NAME[:EMAIL]:KEY ... [--seed HEX]\n"
	"       [--option KEY=VALUE ...] [--data NAME=FILE ...] "
	"[--rules NAME]\n"
	"       [--chance open|fair] [--hands open|sealed]\n"
	"       [--deadline ANSWER,GRACE]\n"
	"       [--key KEYFILE] [--passphrase-file F]",
	.summary = "Start a new game in a new save file.",
	.exec = new_exec,
	.help = "  -p, --player S:N[:E]:K  a player: seat name (below), name, e-mail,\n"
	"                          public key (a trigon-ed25519: line or a\n"
	"                          key file); seats follow the order given\n"
	"  --seed HEX              the 32-byte seed (default: random; with\n"
	"                          --chance fair: the salt, which names the\n"
	"                          game and decides nothing)\n"
	"  --option KEY=VALUE      a rules option (see the rules' man page)\n"
	"  --data NAME=FILE        custom design data of kind NAME, embedded\n"
	"                          in the file; --NAME FILE is the same\n"
	"                          (the kinds of each rule set: below)\n"
	"  --rules NAME            the rule set (default: the first below)\n"
	"  --chance open|fair      open (default): dice from the seed in the\n"
	"                          file, anyone can compute them -- play with\n"
	"                          friends; fair: from the seats' releases\n"
	"  --hands open|sealed     fair chance: open (default): a hidden card\n"
	"                          is drawn from public values; sealed: from\n"
	"                          decks every seat shuffles, read by its\n"
	"                          holder alone (rule sets that deal so)\n"
	"  --deadline A,G          answer or move within A of being asked,\n"
	"                          forfeit G after a timeout (default\n"
	"                          72h,24h; m, h or d); with open chance\n"
	"                          the file is of format 2\n"
	"  --key KEYFILE           with --chance fair: the creator's secret\n"
	"                          key; its seat joins at once (default:\n"
	"                          [player] key, when it is a player's)\n"
	"  --passphrase-file F     read that key's passphrase from F\n",
	.help_more = new_help_more,
	.flags = CMD_RAW,
	.shortopts = "p:",
	.optsfn = new_longopts,
};
