/*
 * servebot.c -- trigon serve's computer seats (see serve.h): a new game
 * against the computer (--new), made as trigon play makes one (the
 * player's key in the first seat, the computer's keys in
 * CONFIG_DIR/play/GAME-ID/COLOR.bot.key, so that trigon play goes on
 * with the same game and serve with a game play started); and the
 * computer's turns, played at once after each of the player's moves
 * through trigon bot's own path (bot_play: search_choose, save_play,
 * move_write), with the answers every seat held here owes in a fair
 * game (game_answer_file, as play's).  Nothing here reads a request.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "header.h"
#include "keys.h"
#include "save.h"
#include "search.h"
#include "serve.h"

/* More appends than this in one go is a computer that does not stop. */
#define SERVE_MAX_APPENDS 10000

static int new_seats(struct cmd_ctx *c, const struct rules *r,
    struct save_header *h, int nb, const char *dir);
static int bots_step(const struct serve *sv, struct save *s, int fd,
    uint64_t *asked, int *acted);

/* The seed of --seed, else a random one. */
static int
new_seed(struct save_header *h, const char *hex)
{
	if (hex == NULL) {
		randombytes_buf(h->seed, sizeof h->seed);
		return EXIT_OK;
	}
	if (strlen(hex) != 2 * RULES_SEED_BYTES || sodium_hex2bin(h->seed,
	    sizeof h->seed, hex, strlen(hex), NULL, NULL, NULL) != 0)
		return usage_error(&cmd_serve, "--seed needs %d hex digits",
		    2 * RULES_SEED_BYTES);
	return EXIT_OK;
}

int
serve_new_game(struct cmd_ctx *c, struct serve_new *nw)
{
	struct save_header *h = &nw->h;
	const struct rules *r;
	char dir[CONFIG_PATH_MAX];
	struct buf out = BUF_INIT;
	struct save s;
	struct err e;
	int rc, nb, nnames = 0;

	if ((r = header_rules(c->cmd, nw->rules, &rc)) == NULL)
		return rc;
	while (r->seat_names[nnames] != NULL)
		nnames++;
	/* As trigon play: as many as the smallest game needs, at least 1. */
	nb = nw->vs >= 0 ? (int)nw->vs : r->min_seats > 2 ?
	    r->min_seats - 1 : 1;
	if (nb < 1 || 1 + nb < r->min_seats || 1 + nb > r->max_seats ||
	    1 + nb > nnames)
		return usage_error(c->cmd, "%s is for %d to %d players; you "
		    "asked for %d (you and %d computer%s)", r->title,
		    r->min_seats, r->max_seats, 1 + nb, nb, nb == 1 ? "" : "s");
	if (access(c->path, F_OK) == 0)
		return usage_error(c->cmd, "'%s' exists: --new starts a new "
		    "game (serve it without --new)", c->path);
	if ((rc = new_seed(h, nw->seed)) != EXIT_OK ||
	    (rc = header_complete(c->cmd, r, h)) != EXIT_OK ||
	    (rc = header_created(h)) != EXIT_OK ||
	    (rc = play_key_dir(dir, sizeof dir, h->seed)) != EXIT_OK ||
	    (rc = new_seats(c, r, h, nb, dir)) != EXIT_OK)
		return rc;
	err_clear(&e);
	save_init(&s, c->path);
	if (save_start(&s, h, &out, &e) != 0 ||
	    save_write_new(c->path, &out, &e) != 0)
		rc = game_report(&e, 0);
	save_release(&s);
	buf_release(&out);
	if (rc != EXIT_OK)
		return rc;
	printf("%s: a new game of %s:", c->path, r->title);
	for (int i = 0; i < h->nplayers; i++)
		printf("%s %s (%s)", i ? "," : "", h->player[i].seat,
		    h->player[i].name);
	printf("\n%s: the computer's keys are in %s\n", c->path, dir);
	return EXIT_OK;
}

/* The seats of a new game: the key's, then nb computers' (keys made). */
static int
new_seats(struct cmd_ctx *c, const struct rules *r, struct save_header *h,
    int nb, const char *dir)
{
	const char *name = c->conf != NULL && c->conf->name[0] != '\0' ?
	    c->conf->name : "you";
	struct err e;

	err_clear(&e);
	snprintf(h->rules, sizeof h->rules, "%s", r->name);
	for (int i = 0; i <= nb; i++) {
		struct save_player *pl = &h->player[h->nplayers++];
		char kp[CONFIG_PATH_MAX + 64];

		snprintf(pl->seat, sizeof pl->seat, "%s", r->seat_names[i]);
		if (i == 0) {
			size_t len = strlen(name);

			if (len >= sizeof pl->name)
				return usage_error(c->cmd, "the [player] name "
				    "is too long");
			memcpy(pl->name, name, len + 1);
			memcpy(pl->pk, c->pk, KEY_PUB_BYTES);
			continue;
		}
		if (nb == 1)
			snprintf(pl->name, sizeof pl->name, "Computer");
		else
			snprintf(pl->name, sizeof pl->name, "Computer %d", i);
		snprintf(kp, sizeof kp, "%s/%s.bot.key", dir, pl->seat);
		/* Another game of the same seed made it: the same game id,
		   the same computer seat; use it (as trigon play). */
		if (access(kp, F_OK) == 0 ? keys_load_public(kp, pl->pk,
		    &e) != 0 : keys_generate(kp, NULL, 0, 0, pl->pk, &e) != 0)
			return game_report(&e, 0);
	}
	return EXIT_OK;
}

/* The key of seat i in dir when it is the computer's of this game. */
static int
bot_key(struct serve *sv, const struct save *s, int i, const char *dir)
{
	unsigned char pk[KEY_PUB_BYTES];
	char kp[CONFIG_PATH_MAX + 64];
	struct err e;

	err_clear(&e);
	snprintf(kp, sizeof kp, "%s/%s.bot.key", dir, s->hdr.player[i].seat);
	if (access(kp, F_OK) != 0)
		return EXIT_OK;
	if ((sv->bot[i] = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if (keys_load_secret(kp, NULL, 0, sv->bot[i], pk, &e) != 0)
		return game_report(&e, 0);
	/* Another game of the same seed: not this seat's. */
	if (memcmp(pk, s->hdr.player[i].pk, sizeof pk) != 0) {
		sodium_free(sv->bot[i]);
		sv->bot[i] = NULL;
		return EXIT_OK;
	}
	sv->nbots++;
	return EXIT_OK;
}

int
serve_bots(struct serve *sv, const struct save *s)
{
	char dir[CONFIG_PATH_MAX];
	int rc, mine = save_seat_of_key(s, sv->pk);

	/* Only a player's server plays the computer's seats. */
	if (sv->sk == NULL || mine < 0)
		return EXIT_OK;
	if ((rc = play_key_dir(dir, sizeof dir, s->hdr.seed)) != EXIT_OK)
		return rc;
	for (int i = 0; i < s->hdr.nplayers && rc == EXIT_OK; i++)
		if (i != mine)
			rc = bot_key(sv, s, i, dir);
	if (rc == EXIT_OK && sv->nbots > 0 && !search_has_player(s->rules)) {
		errmsg("%s: %s has no computer player", sv->path,
		    s->rules->title);
		rc = EXIT_USAGE;
	}
	return rc;
}

void
serve_bots_release(struct serve *sv)
{
	for (int i = 0; i < RULES_MAX_SEATS; i++)
		if (sv->bot[i] != NULL) {
			sodium_free(sv->bot[i]);
			sv->bot[i] = NULL;
		}
	sv->nbots = 0;
}

int
serve_bots_play(const struct serve *sv, int *acted)
{
	uint64_t asked[RULES_MAX_SEATS] = { 0 };

	*acted = 0;
	for (int n = 0; n < SERVE_MAX_APPENDS && sv->nbots > 0; n++) {
		struct save s;
		struct err e;
		int fd = -1, rc, step = 0;

		err_clear(&e);
		save_init(&s, sv->path);
		if (save_load(&s, sv->path, &fd, &e) != 0)
			rc = game_report(&e, 0);
		else
			rc = bots_step(sv, &s, fd, asked, &step);
		if (fd >= 0)
			close(fd);
		save_release(&s);
		if (rc != EXIT_OK || !step)
			return rc;
		*acted += step;
	}
	if (sv->nbots == 0)
		return EXIT_OK;
	errmsg("%s: the computer did not stop after %d appends", sv->path,
	    SERVE_MAX_APPENDS);
	return EXIT_DAMAGED;
}

/* The key of seat i held here (the player's or the computer's). */
static const unsigned char *
held_key(const struct serve *sv, const struct save *s, int i)
{
	if (sv->bot[i] != NULL)
		return sv->bot[i];
	return sv->sk != NULL && save_seat_of_key(s, sv->pk) == i ? sv->sk :
	    NULL;
}

/* The computer plays seat in s (locked by fd): trigon bot's path. */
static int
bot_turn(const struct serve *sv, struct save *s, int fd, int seat,
    int *acted)
{
	struct bot_turn t;
	struct cmd_ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	c.cmd = &cmd_serve;
	snprintf(c.path, sizeof c.path, "%s", sv->path);
	c.save = s;
	c.fd = fd;
	c.sk = sv->bot[seat];
	memcpy(c.pk, s->hdr.player[seat].pk, sizeof c.pk);
	rc = bot_play(&c, seat, &sv->bo, &t);
	*acted = t.played > 0;
	bot_turn_release(&t);
	fflush(stdout);
	return rc;
}

/*
 * One append of a seat held here, when one is owed: a fair game's
 * answers first, then a computer seat the game lets act out of turn
 * (asked once a position, as trigon play asks it), then the computer's
 * turn.  *acted = 0 when none was owed.
 */
static int
bots_step(const struct serve *sv, struct save *s, int fd, uint64_t *asked,
    int *acted)
{
	struct rules_await aw;
	char what[512];

	*acted = 0;
	if (!save_started(s))
		return EXIT_OK;
	for (int i = 0; i < s->hdr.nplayers; i++) {
		const unsigned char *k = held_key(sv, s, i);

		if (k != NULL && (save_awaited(s) & 1u << i))
			return game_answer_file(sv->path, fd, s, k, acted);
	}
	if (save_awaits(s, what, sizeof what) > 0)
		return EXIT_OK;
	s->rules->await(s->game, &aw);
	if (aw.over || aw.seat < 0 || aw.seat >= s->hdr.nplayers)
		return EXIT_OK;
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (i != aw.seat && sv->bot[i] != NULL &&
		    (aw.may_act >> i & 1) && asked[i] != s->nactions + 1) {
			int rc;

			asked[i] = s->nactions + 1;
			if ((rc = bot_turn(sv, s, fd, i, acted)) != EXIT_OK ||
			    *acted)
				return rc;
		}
	if (sv->bot[aw.seat] == NULL)
		return EXIT_OK;
	return bot_turn(sv, s, fd, aw.seat, acted);
}
