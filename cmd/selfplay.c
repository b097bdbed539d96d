/*
 * selfplay.c -- trigon selfplay: computer players against each other,
 * on every core, and the balance report (how games are won, by which
 * seat and seat name, how long they last) with 95% Wilson intervals.
 *
 * Games are played in memory through lib/rules.h (create, await, apply)
 * and lib/search.h (search_choose, the computer player), by
 * lib/autoplay.c, never written to a file.  Game i's seed, its seat
 * names and its bots' seeds all derive from --seed and i, so with a
 * budget in playouts every game is reproducible on its own, whatever
 * --jobs.
 * Workers are forked processes; each sends one fixed-size record per
 * game through a shared pipe (a write below PIPE_BUF is atomic).
 *
 * --vs KIND is the strength measurement (make strength): games of the
 * default bot in one seat against K-1 copies of another kind of the
 * rule set's (rules_bot_kinds), the bot's seat game i mod K (two
 * players unless --players says otherwise, or the rule set's default
 * when it takes no two).
 * --option KEY=VALUE are the rule set's options as `trigon new` takes
 * them (Catan's map=NAME, vp=N), with rules.new_options added as new
 * games record them.
 * How games end, their rounds and the bots' kinds come from struct
 * rules; the loop itself is lib/autoplay.c.
 */
#define _GNU_SOURCE 1		/* open_memstream */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#include "autoplay.h"
#include "chance.h"
#include "cmd.h"
#include "game.h"
#include "header.h"
#include "num.h"
#include "rand64.h"
#include "rules.h"
#include "search.h"

#define MAX_JOBS 256
#define HOW_MAX 16		/* ways to end a game that are counted */
#define OPTIONS_MAX 32		/* --option, and rules.new_options */
#define OPTION_MAX 128		/* bytes of one, as in a save header */

enum { OPT_GAMES = 256, OPT_PLAYERS, OPT_SEED, OPT_JOBS, OPT_CSV,
	OPT_PLAYOUTS, OPT_THINK, OPT_VS, OPT_MAX_ROUNDS, OPT_RULES,
	OPT_MAX_ACTIONS, OPT_OPTION };

struct result {
	int32_t game;
	int8_t nseats;
	int8_t name[RULES_MAX_SEATS];	/* index in rules->seat_names */
	int8_t winner;			/* seat, -1 at the round limit */
	int8_t how;			/* index in rules.ends, -1: a limit */
	int8_t botseat;			/* --vs: the bot's seat, else -1 */
	int8_t failed;			/* the game could not be played */
	int16_t points[RULES_MAX_SEATS];
	int32_t rounds;
	int32_t actions;
	int32_t decisions;
	double think_ms;		/* summed over decisions */
	double think_max;
};

struct cfg {
	const struct rules *rules;
	long games;
	int players;
	uint64_t seed;
	int jobs;
	long playouts, think_ms;
	const char *vs;
	long max_rounds;
	long max_actions;
	int nhow;			/* ways to end counted: rules.ends */
	const char *option[OPTIONS_MAX];	/* given, then new_options */
	int noptions, ngiven;
};


/*
 * Game gi of cf, new: its seat names (res->name) and chance.  The
 * chance source open_mode and seed must outlive the game.  Returns
 * rules.create's code (0: *g is the game).
 */
static int
new_game(const struct cfg *cf, long gi, struct chance_seed *open_mode,
    struct game **g, struct result *res, struct rules_error *err)
{
	const struct rules *r = cf->rules;
	struct rules_setup su;
	unsigned char seed[RULES_SEED_BYTES];
	uint64_t x = mix64(cf->seed ^ mix64((uint64_t)gi));
	int nnames = 0, perm[RULES_MAX_SEATS];

	while (r->seat_names[nnames] != NULL && nnames < RULES_MAX_SEATS)
		nnames++;
	memset(&su, 0, sizeof su);
	/* Open mode, as a format-1 save file of this seed would play. */
	for (int i = 0; i < RULES_SEED_BYTES; i += 8) {
		uint64_t v = mix64(x + (uint64_t)i);

		memcpy(seed + i, &v, 8);
	}
	chance_seed_init(open_mode, seed);
	su.chance = &open_mode->chance;
	su.salt = chance_seed_salt(seed);
	/* Seat names: a random draw of players out of all the names. */
	for (int i = 0; i < nnames; i++)
		perm[i] = i;
	for (int i = nnames - 1; i > 0; i--) {
		int j = (int)(mix64(x ^ (uint64_t)(0x100 + i)) % (uint64_t)(i + 1));
		int t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
	/* A new game: it records what new games record (rules.h). */
	su.options = cf->option;
	su.noptions = (size_t)cf->noptions;
	su.nseats = cf->players;
	res->nseats = (int8_t)cf->players;
	for (int i = 0; i < cf->players; i++) {
		su.seat[i] = r->seat_names[perm[i]];
		res->name[i] = (int8_t)perm[i];
	}
	memset(err, 0, sizeof *err);
	return r->create(g, &su, err);
}

static void
play_one(const struct cfg *cf, long gi, struct result *res)
{
	const struct rules *r = cf->rules;
	struct rules_error err;
	struct autoplay_opts ao;
	struct autoplay_result ar;
	struct game *g = NULL;
	struct chance_seed open_mode;
	uint64_t x = mix64(cf->seed ^ mix64((uint64_t)gi));

	memset(res, 0, sizeof *res);
	res->game = (int32_t)gi;
	res->winner = -1;
	res->how = -1;
	res->botseat = -1;
	/* --vs: the bot's seat turns with the game number. */
	if (cf->vs != NULL)
		res->botseat = (int8_t)(gi % cf->players);
	if (new_game(cf, gi, &open_mode, &g, res, &err) != 0) {
		res->failed = 1;
		return;
	}
	memset(&ao, 0, sizeof ao);
	ao.max_rounds = cf->max_rounds;
	ao.max_actions = cf->max_actions;
	ao.playouts = cf->playouts;
	ao.think_ms = cf->think_ms;
	for (int i = 0; i < cf->players; i++) {
		ao.seed[i] = mix64(x ^ (0x1000 + (uint64_t)i));
		/* Against --vs, time the bot under test only. */
		ao.kind[i] = cf->vs != NULL && i != res->botseat ? cf->vs :
		    NULL;
		ao.timed[i] = ao.kind[i] == NULL;
	}
	autoplay_run(r, g, cf->players, &ao, &ar);
	res->failed = (int8_t)ar.failed;
	res->rounds = (int32_t)ar.rounds;
	res->actions = (int32_t)ar.actions;
	res->decisions = (int32_t)ar.decisions;
	res->think_ms = ar.think_ms;
	res->think_max = ar.think_max;
	if (ar.over && !ar.failed) {
		res->winner = (int8_t)ar.winner;
		res->how = (int8_t)(ar.how < cf->nhow ? ar.how : -1);
	}
	for (int i = 0; i < cf->players; i++)
		res->points[i] = (int16_t)r->points(g, i);
	r->free(g);
}

static int
write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* 95% Wilson score interval of x successes in n, in percent. */
static void
wilson(long x, long n, double *p, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double ph, den, c, h;

	if (n <= 0) {
		*p = *lo = *hi = 0;
		return;
	}
	ph = (double)x / (double)n;
	den = 1 + z * z / (double)n;
	c = (ph + z * z / (2.0 * (double)n)) / den;
	h = z * sqrt(ph * (1 - ph) / (double)n + z * z /
	    (4.0 * (double)n * (double)n)) / den;
	*p = 100 * ph;
	*lo = 100 * (c - h > 0 ? c - h : 0);
	*hi = 100 * (c + h < 1 ? c + h : 1);
}

static void
share(const char *label, long x, long n)
{
	double p, lo, hi;

	wilson(x, n, &p, &lo, &hi);
	printf("%-20s %5.1f %% [%.1f, %.1f] (%ld of %ld)\n", label, p, lo, hi,
	    x, n);
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The q-quantile (0..1) of sorted v[n], nearest rank. */
static int
quantile(const int *v, long n, double q)
{
	long k = (long)ceil(q * (double)n);

	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return v[k - 1];
}

static void
report(const struct cfg *cf, const struct result *res, long n)
{
	const struct rules *r = cf->rules;
	long how[HOW_MAX + 1] = { 0 }, failed = 0, played = 0, decisions = 0;
	long seatwin[RULES_MAX_SEATS] = { 0 };
	long colwin[RULES_MAX_SEATS] = { 0 }, colgames[RULES_MAX_SEATS] = { 0 };
	long botwin = 0;
	double think = 0, think_max = 0;
	int *len = calloc((size_t)n + 1, sizeof *len);
	long nlen = 0;
	char label[64];

	for (long i = 0; i < n; i++) {
		const struct result *x = &res[i];

		if (x->failed) {
			failed++;
			continue;
		}
		played++;
		how[x->how >= 0 ? x->how : cf->nhow]++;
		if (x->winner >= 0) {
			seatwin[(int)x->winner]++;
			colwin[(int)x->name[(int)x->winner]]++;
			if (x->winner == x->botseat)
				botwin++;
		}
		for (int s = 0; s < x->nseats; s++)
			colgames[(int)x->name[s]]++;
		if (len != NULL)
			len[nlen++] = x->rounds;
		decisions += x->decisions;
		think += x->think_ms;
		if (x->think_max > think_max)
			think_max = x->think_max;
	}
	printf("selfplay: %ld games, %d players, seed %llu, ", played,
	    cf->players, (unsigned long long)cf->seed);
	if (cf->playouts > 0)
		printf("%ld playouts", cf->playouts);
	else if (cf->think_ms > 0)
		printf("%ld ms", cf->think_ms);
	else
		printf("default budget");
	printf(", round limit %ld", cf->max_rounds);
	if (cf->vs != NULL)
		printf(", bot against %s", cf->vs);
	for (int i = 0; i < cf->ngiven; i++)
		printf("%s%s", i ? " " : ", options ", cf->option[i]);
	printf("\n");
	if (failed > 0)
		printf("failed games: %ld\n", failed);
	if (cf->vs != NULL) {
		double p, lo, hi;

		/* The first rule set's line keeps its old name (make
		   strength); the others' name their rule set (its short
		   name when it has one). */
		const char *nm = r->short_name != NULL ? r->short_name :
		    r->name;

		wilson(botwin, played, &p, &lo, &hi);
		printf("strength: %s%sbot-vs-%s %.1f %% [%.1f, %.1f] "
		    "(%ld of %ld)\n", r == rules_table[0] ? "" : nm,
		    r == rules_table[0] ? "" : "-", cf->vs, p, lo, hi, botwin,
		    played);
	}
	for (int h = 0; h < cf->nhow; h++) {
		snprintf(label, sizeof label, "won by %s:", r->ends[h].name);
		share(label, how[h], played);
	}
	share("round limit:", how[cf->nhow], played);
	for (int s = 0; s < cf->players; s++) {
		snprintf(label, sizeof label, "seat %d wins:", s + 1);
		share(label, seatwin[s], played);
	}
	for (int c = 0; c < RULES_MAX_SEATS && r->seat_names[c] != NULL; c++) {
		if (colgames[c] == 0)
			continue;
		snprintf(label, sizeof label, "%s wins:", r->seat_names[c]);
		share(label, colwin[c], colgames[c]);
	}
	if (len != NULL && nlen > 0) {
		qsort(len, (size_t)nlen, sizeof *len, cmp_int);
		printf("%-20s median %d, quartiles %d-%d, range %d-%d\n",
		    "rounds:", quantile(len, nlen, 0.5), quantile(len, nlen, 0.25),
		    quantile(len, nlen, 0.75), len[0], len[nlen - 1]);
	}
	if (decisions > 0)
		printf("%-20s %.2f ms per action on average, %.0f ms at most "
		    "(%ld actions%s; CPU time)\n", "time:",
		    think / (double)decisions, think_max, decisions,
		    cf->vs != NULL ? " of the bot" : "");
	free(len);
}

static int
write_csv(const char *path, const struct cfg *cf, const struct result *res,
    long n)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		errmsg("cannot create '%s': %s", path, strerror(errno));
		return EXIT_DAMAGED;
	}
	fprintf(f, "game,players,colors,bot_seat,winner_seat,winner_color,"
	    "how,rounds,actions,points\n");
	for (long i = 0; i < n; i++) {
		const struct result *x = &res[i];

		fprintf(f, "%ld,%d,", (long)x->game, x->nseats);
		for (int s = 0; s < x->nseats; s++)
			fprintf(f, "%s%s", s ? ";" : "",
			    cf->rules->seat_names[(int)x->name[s]]);
		fprintf(f, ",%d,%d,%s,%s,%d,%d,", x->botseat >= 0 ?
		    x->botseat + 1 : 0, x->winner >= 0 ? x->winner + 1 : 0,
		    x->winner >= 0 ?
		    cf->rules->seat_names[(int)x->name[(int)x->winner]] : "",
		    x->failed ? "failed" : x->how >= 0 ?
		    cf->rules->ends[(int)x->how].name : "limit", x->rounds,
		    x->actions);
		for (int s = 0; s < x->nseats; s++)
			fprintf(f, "%s%d", s ? ";" : "", x->points[s]);
		fputc('\n', f);
	}
	if (fclose(f) != 0) {
		errmsg("error writing '%s': %s", path, strerror(errno));
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

static void
progress(long done, long n)
{
	int w = 40, k = n > 0 ? (int)(done * w / n) : w;

	fprintf(stderr, "\rselfplay: %ld/%ld games [%.*s%*s]", done, n, k,
	    "########################################", w - k, "");
	if (done == n)
		fputc('\n', stderr);
	fflush(stderr);
}

static int
parse_long(const char *s, long min, long max, long *out)
{
	int64_t v;

	if (num_i64(s, strlen(s), min, max, 0, &v) != 0)
		return -1;
	*out = (long)v;
	return 0;
}

static struct cfg cf;
static const char *csv, *rules;
static int inited;		/* cf has its defaults */

static int
selfplay_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	long v;

	if (!inited) {
		inited = 1;
		memset(&cf, 0, sizeof cf);
		cf.games = -1;
		cf.max_rounds = 60;
		cf.max_actions = 1000000;
		v = sysconf(_SC_NPROCESSORS_ONLN);
		cf.jobs = v > 0 ? (v > MAX_JOBS ? MAX_JOBS : (int)v) : 1;
	}
	switch (ch) {
	case OPT_GAMES:
		if (parse_long(arg, 1, 100000000, &cf.games) != 0)
			return usage_error(c->cmd, "--games "
			    "needs a number from 1");
		return EXIT_OK;
	case OPT_PLAYERS:
		if (parse_long(arg, 1, RULES_MAX_SEATS, &v) != 0)
			return usage_error(c->cmd, "bad "
			    "--players '%s'", arg);
		cf.players = (int)v;
		return EXIT_OK;
	case OPT_SEED: {
		if (num_u64(arg, strlen(arg), 0, UINT64_MAX, 0, &cf.seed) != 0)
			return usage_error(c->cmd, "--seed "
			    "needs a number");
		return EXIT_OK;
	}
	case OPT_JOBS:
		if (parse_long(arg, 1, MAX_JOBS, &v) != 0)
			return usage_error(c->cmd, "--jobs "
			    "needs a number from 1 to %d", MAX_JOBS);
		cf.jobs = (int)v;
		return EXIT_OK;
	case OPT_CSV:
		csv = arg;
		return EXIT_OK;
	case OPT_PLAYOUTS:
		if (parse_long(arg, 1, 100000000, &cf.playouts) != 0)
			return usage_error(c->cmd, "--playouts "
			    "needs a number from 1");
		return EXIT_OK;
	case OPT_THINK:
		if (parse_long(arg, 1, 3600000, &cf.think_ms) != 0)
			return usage_error(c->cmd, "--think "
			    "needs milliseconds from 1");
		return EXIT_OK;
	case OPT_VS:
		cf.vs = arg;
		return EXIT_OK;
	case OPT_MAX_ROUNDS:
		if (parse_long(arg, 1, 100000, &cf.max_rounds) != 0)
			return usage_error(c->cmd, "bad "
			    "--max-rounds '%s'", arg);
		return EXIT_OK;
	case OPT_MAX_ACTIONS:
		if (parse_long(arg, 1, 1000000000, &cf.max_actions)
		    != 0)
			return usage_error(c->cmd, "bad "
			    "--max-actions '%s'", arg);
		return EXIT_OK;
	case OPT_RULES:
		rules = arg;
		return EXIT_OK;
	case OPT_OPTION:
		/* As `trigon new --option` takes them. */
		if (cf.noptions >= OPTIONS_MAX ||
		    strlen(arg) >= OPTION_MAX || strchr(arg, '=') == NULL ||
		    arg[0] == '=' || strchr(arg, ' ') != NULL)
			return usage_error(c->cmd, "bad option '%s': "
			    "expected KEY=VALUE", arg);
		cf.option[cf.noptions++] = arg;
		cf.ngiven = cf.noptions;
		return EXIT_OK;
	}
	return EXIT_OK;
}

/*
 * The options every game gets: those given, then the rule set's
 * new_options whose key was not given (as `trigon new` records them);
 * a first game is made to see that the rule set takes them.
 */
static int
check_options(struct cmd_ctx *c)
{
	const struct rules *r = cf.rules;
	struct chance_seed open_mode;
	struct rules_error err;
	struct result res;
	struct game *g = NULL;
	int rc;

	for (size_t k = 0; r->new_options && r->new_options[k]; k++) {
		int given = 0;

		for (int i = 0; i < cf.ngiven; i++)
			given |= rules_option_same_key(cf.option[i],
			    r->new_options[k]);
		if (given)
			continue;
		if (cf.noptions >= OPTIONS_MAX)
			return usage_error(c->cmd, "too many options");
		cf.option[cf.noptions++] = r->new_options[k];
	}
	memset(&res, 0, sizeof res);
	if ((rc = new_game(&cf, 0, &open_mode, &g, &res, &err)) != 0) {
		if (rc == RULES_EDATA)
			return usage_error(c->cmd, "--option: %s", err.msg);
		errmsg("%s: cannot make a game: %s", r->name, err.msg);
		return EXIT_DAMAGED;
	}
	r->free(g);
	return EXIT_OK;
}

static int
selfplay_check(struct cmd_ctx *c)
{
	int players_given, rc;

	if (!inited)
		selfplay_opt(c, 0, NULL);	/* the defaults alone */
	if (c->argc > 0)
		return usage_error(c->cmd, "unexpected argument '%s'",
		    c->argv[0]);
	if (cf.games < 0)
		return usage_error(c->cmd, "--games is required");
	if (cf.playouts > 0 && cf.think_ms > 0)
		return usage_error(c->cmd, "--playouts and --think "
		    "exclude each other");
	if ((cf.rules = header_rules(c->cmd, rules, &rc)) == NULL)
		return rc;
	for (cf.nhow = 0; cf.rules->ends != NULL &&
	    cf.rules->ends[cf.nhow].name != NULL && cf.nhow < HOW_MAX;
	    cf.nhow++)
		;
	players_given = cf.players;
	if (cf.players == 0)
		cf.players = rules_default_seats(cf.rules);
	if (!search_has_player(cf.rules)) {
		errmsg("%s has no computer player", cf.rules->name);
		return EXIT_USAGE;
	}
	if (cf.vs != NULL) {
		if (cf.vs[0] == '\0' || rules_bot_kind(cf.rules, cf.vs) == NULL)
			return game_bad_kind(c->cmd, cf.rules, "--vs",
			    cf.vs);
		/* Two players unless asked, or the rule set takes no two. */
		if (players_given == 0 && cf.rules->min_seats <= 2)
			cf.players = 2;
	}
	if (cf.players < cf.rules->min_seats ||
	    cf.players > cf.rules->max_seats)
		return usage_error(c->cmd, "%s takes %d to %d players",
		    cf.rules->title, cf.rules->min_seats, cf.rules->max_seats);
	return check_options(c);
}

static int
selfplay_exec(struct cmd_ctx *c)
{
	struct result *res;
	pid_t pid[MAX_JOBS];
	int fds[2], rc = EXIT_OK, tty = isatty(2);
	long got = 0;

	if (cf.jobs > cf.games)
		cf.jobs = (int)cf.games;
	if ((res = calloc((size_t)cf.games, sizeof *res)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if (sodium_init() < 0 || pipe(fds) != 0) {
		errmsg("cannot start the workers: %s", strerror(errno));
		free(res);
		return EXIT_DAMAGED;
	}
	fflush(stdout);
	for (int j = 0; j < cf.jobs; j++) {
		if ((pid[j] = fork()) < 0) {
			errmsg("fork: %s", strerror(errno));
			for (int k = 0; k < j; k++)
				kill(pid[k], SIGTERM);
			free(res);
			return EXIT_DAMAGED;
		}
		if (pid[j] == 0) {
			int code = 0;

			close(fds[0]);
			free(res);
			for (long i = j; i < cf.games && code == 0;
			    i += cf.jobs) {
				struct result x;

				play_one(&cf, i, &x);
				if (write_all(fds[1], &x, sizeof x) != 0)
					code = 3;
			}
			close(fds[1]);
			_exit(code);
		}
	}
	close(fds[1]);
	if (tty)
		progress(0, cf.games);
	while (got < cf.games) {
		struct result x;
		size_t have = 0;

		while (have < sizeof x) {
			ssize_t k = read(fds[0], (char *)&x + have,
			    sizeof x - have);

			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				break;
			have += (size_t)k;
		}
		if (have < sizeof x)
			break;
		if (x.game >= 0 && x.game < cf.games)
			res[x.game] = x;
		got++;
		if (tty)
			progress(got, cf.games);
	}
	close(fds[0]);
	for (int j = 0; j < cf.jobs; j++) {
		int st;

		if (waitpid(pid[j], &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st) != 0)
			rc = EXIT_DAMAGED;
	}
	if (got < cf.games || rc != EXIT_OK) {
		errmsg("a worker failed: %ld of %ld games reported", got,
		    cf.games);
		free(res);
		return EXIT_DAMAGED;
	}
	report(&cf, res, cf.games);
	if (csv != NULL)
		rc = write_csv(csv, &cf, res, cf.games);
	free(res);
	return rc;
}

static const struct option selfplay_opts[] = {
	{ "games", required_argument, NULL, OPT_GAMES },
	{ "players", required_argument, NULL, OPT_PLAYERS },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "csv", required_argument, NULL, OPT_CSV },
	{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
	{ "think", required_argument, NULL, OPT_THINK },
	{ "vs", required_argument, NULL, OPT_VS },
	{ "max-rounds", required_argument, NULL, OPT_MAX_ROUNDS },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "max-actions", required_argument, NULL, OPT_MAX_ACTIONS },
	{ "option", required_argument, NULL, OPT_OPTION },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_selfplay = {
	.name = "selfplay",
	.usage = "trigon selfplay --games N [--players K] [--seed S] [--jobs J] "
	"[--csv FILE]\n"
	"       [--playouts N | --think MS] [--vs KIND] [--max-rounds R]\n"
	"       [--max-actions A] [--rules NAME] [--option KEY=VALUE ...]",
	.summary = "Computer players against each other: the balance report.",
	.exec = selfplay_exec,
	.help =
	"  --games N               games to play\n"
	"  --players K             players per game (default: the rule set's)\n"
	"  --seed S                game i is made from S and i (default 0)\n"
	"  --jobs J                worker processes (default: all cores)\n"
	"  --csv FILE              also write one row per game to FILE\n"
	"  --playouts N            the bots' search budget per action\n"
	"                          (deterministic; default 1000)\n"
	"  --think MS              a time budget per action instead (not\n"
	"                          deterministic)\n"
	"  --vs KIND               the default bot in one seat against\n"
	"                          K-1 players of another kind (below),\n"
	"                          its seat game i mod K; K is 2 unless\n"
	"                          --players says (or the rule set takes\n"
	"                          no 2): the strength measurement\n"
	"  --max-rounds R          stop a game after round R (default 60)\n"
	"  --max-actions A         and after A actions, whether the game\n"
	"                          counts rounds or not (default 1000000)\n"
	"  --rules NAME            the rule set (default: the first)\n"
	"  --option KEY=VALUE      a rules option, as for 'trigon new'\n"
	"                          (see the rules' man page)\n",
	.help_more = game_help_bots,
	.opts = selfplay_opts,
	.opt = selfplay_opt,
	.check = selfplay_check,
};
