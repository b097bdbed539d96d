/*
 * save-header.c -- the save file's header: the format line, rules,
 * game id, seed or salt, date, chance, hands, deadline, options,
 * players and data blocks (trigon-save(5)), and the start of the game
 * at the "start" line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "keys.h"
#include "save.h"
#include "savesealed.h"
#include "save-int.h"

static int header_magic(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_rules(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_game(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_seed(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_created(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_chance(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_hands(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_deadline(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_rest(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_option(struct save *s, const char *l, size_t len,
    struct err *e);
static int start_game(struct save *s, struct err *e);

static int
parse_player(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_player *pl;
	const char *p = l + 7, *end = l + len, *sp, *lt;
	size_t n;
	int seat;
	struct err ke;

	if (s->hdr.nplayers >= RULES_MAX_SEATS ||
	    s->hdr.nplayers >= s->rules->max_seats)
		return sv_fail(s, e, ERR_DAMAGED, "more than %d players",
		    s->rules->max_seats);
	pl = &s->hdr.player[s->hdr.nplayers];
	memset(pl, 0, sizeof *pl);
	/* player SEAT NAME [<EMAIL>] KEY */
	if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
		return sv_fail(s, e, ERR_DAMAGED, "a player line is 'player "
		    "SEAT NAME [<EMAIL>] KEY'");
	n = (size_t)(sp - p);
	seat = -1;
	for (int i = 0; s->rules->seat_names[i] != NULL; i++)
		if (strlen(s->rules->seat_names[i]) == n &&
		    memcmp(s->rules->seat_names[i], p, n) == 0)
			seat = i;
	if (seat < 0 || n >= SAVE_SEAT_MAX) {
		char list[256] = "";

		for (int i = 0; s->rules->seat_names[i] != NULL; i++)
			snprintf(list + strlen(list), sizeof list -
			    strlen(list), "%s%s", i ? ", " : "",
			    s->rules->seat_names[i]);
		return sv_fail(s, e, ERR_DAMAGED, "'%.*s' is not a seat of the "
		    "rules %s (%s)", (int)n, p, s->rules->name, list);
	}
	memcpy(pl->seat, p, n);
	if (sv_seat_of_name(s, p, n) >= 0)
		return sv_fail(s, e, ERR_DAMAGED, "two players have the seat "
		    "'%s'", pl->seat);
	p = sp + 1;
	/* The key is the last word. */
	while (end > p && end[-1] != ' ')
		end--;
	if (end <= p + 1)
		return sv_fail(s, e, ERR_DAMAGED, "a player line is 'player "
		    "SEAT NAME [<EMAIL>] KEY'");
	if (keys_pub_parse(end, (size_t)(l + len - end), pl->pk, &ke) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "%s", ke.msg);
	end--;			/* the space before the key */
	if (end > p && end[-1] == '>') {
		lt = end - 1;
		while (lt > p && *lt != '<')
			lt--;
		if (*lt != '<' || lt == p || lt[-1] != ' ')
			return sv_fail(s, e, ERR_DAMAGED, "bad e-mail address: "
			    "write it as <name@host>");
		n = (size_t)(end - 1 - (lt + 1));
		if (n == 0 || n >= SAVE_EMAIL_MAX ||
		    memchr(lt + 1, '@', n) == NULL ||
		    memchr(lt + 1, ' ', n) != NULL ||
		    memchr(lt + 1, '<', n) != NULL)
			return sv_fail(s, e, ERR_DAMAGED, "bad e-mail address "
			    "'%.*s'", (int)n, lt + 1);
		memcpy(pl->email, lt + 1, n);
		end = lt - 1;
	}
	n = (size_t)(end - p);
	if (n == 0 || n >= SAVE_NAME_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "a player needs a name of 1 to "
		    "%d bytes", SAVE_NAME_MAX - 1);
	if (p[0] == ' ' || end[-1] == ' ' || memchr(p, '<', n) ||
	    memchr(p, '>', n))
		return sv_fail(s, e, ERR_DAMAGED, "bad player name '%.*s': no "
		    "'<', '>' or spaces around it", (int)n, p);
	memcpy(pl->name, p, n);
	if (save_seat_of_key(s, pl->pk) >= 0)
		return sv_fail(s, e, ERR_DAMAGED, "two players have the same key");
	s->hdr.nplayers++;
	return 0;
}

static int
parse_data(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *name = l + 5;
	size_t n = len - 5;
	int known = 0;
	char *copy;

	if (s->rules->blob_names != NULL)
		for (size_t i = 0; s->rules->blob_names[i] != NULL; i++)
			if (strlen(s->rules->blob_names[i]) == n &&
			    memcmp(s->rules->blob_names[i], name, n) == 0)
				known = 1;
	if (!known)
		return sv_fail(s, e, ERR_DAMAGED, "the rules %s read no data "
		    "called '%.*s'", s->rules->name, (int)n, name);
	for (size_t i = 0; i < s->hdr.nblobs; i++)
		if (strlen(s->hdr.blob[i].name) == n &&
		    memcmp(s->hdr.blob[i].name, name, n) == 0)
			return sv_fail(s, e, ERR_DAMAGED, "data '%.*s' given "
			    "twice", (int)n, name);
	if (s->hdr.nblobs >= SAVE_BLOBS_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "too many data blocks");
	if ((copy = malloc(n + 1)) == NULL)
		return sv_fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(copy, name, n);
	copy[n] = '\0';
	s->hdr.blob[s->hdr.nblobs].name = copy;
	s->hdr.blob[s->hdr.nblobs].text = NULL;
	s->hdr.blob[s->hdr.nblobs].len = 0;
	s->hdr.blob_line[s->hdr.nblobs] = s->line;
	s->hdr.nblobs++;
	s->blob_open = 1;
	return 0;
}

static int
add_data_line(struct save *s, const char *p, size_t n, struct err *e)
{
	struct rules_blob *b = &s->hdr.blob[s->hdr.nblobs - 1];
	char *t;

	if (s->data_total + n + 1 > SAVE_DATA_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "the data blocks exceed %d "
		    "bytes", SAVE_DATA_MAX);
	/* Grow geometrically; data_total bounds the sum. */
	t = realloc((char *)(uintptr_t)b->text, b->len + n + 2);
	if (t == NULL)
		return sv_fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(t + b->len, p, n);
	t[b->len + n] = '\n';
	t[b->len + n + 1] = '\0';
	b->text = t;
	b->len += n + 1;
	s->data_total += n + 1;
	return 0;
}

int
sv_feed_header(struct save *s, const char *l, size_t len, struct err *e)
{
	switch (s->state) {
	case ST_MAGIC:
		return header_magic(s, l, len, e);
	case ST_RULES:
		return header_rules(s, l, len, e);
	case ST_GAME:
		return header_game(s, l, len, e);
	case ST_SEED:
		return header_seed(s, l, len, e);
	case ST_CREATED:
		return header_created(s, l, len, e);
	case ST_CHANCE:
		return header_chance(s, l, len, e);
	case ST_HANDS:
		return header_hands(s, l, len, e);
	case ST_DEADLINE:
		s->state = ST_OPTIONS;
		if (sv_starts(l, len, "deadline "))
			return header_deadline(s, l, len, e);
		break;		/* an option, a player, ... */
	default:
		break;
	}
	return header_rest(s, l, len, e);
}

/* "trigon-save 1" or "trigon-save 2". */
static int
header_magic(struct save *s, const char *l, size_t len, struct err *e)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s %d", SAVE_MAGIC, SAVE_VERSION);
	if (len == strlen(buf) && memcmp(l, buf, len) == 0) {
		s->hdr.version = SAVE_VERSION;
		s->state = ST_RULES;
		return 0;
	}
	if (len == strlen(buf) && memcmp(l, buf, len - 1) == 0 &&
	    l[len - 1] == '0' + SAVE_VERSION_FAIR) {
		s->hdr.version = SAVE_VERSION_FAIR;
		if ((s->fair = sv_fair_new()) == NULL)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		s->state = ST_RULES;
		return 0;
	}
	if (sv_starts(l, len, SAVE_MAGIC " "))
		return sv_fail(s, e, ERR_DAMAGED, "unsupported save "
		    "format version '%.*s' (this trigon reads "
		    "versions %d and %d)", (int)(len - 12), l + 12,
		    SAVE_VERSION, SAVE_VERSION_FAIR);
	return sv_fail(s, e, ERR_DAMAGED, "not a trigon save file: the "
	    "first line must be '%s'", buf);
}

/* "rules NAME", a rule set of the table. */
static int
header_rules(struct save *s, const char *l, size_t len, struct err *e)
{
	if (!sv_starts(l, len, "rules ") || len - 6 >= SAVE_RULES_NAME_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "expected 'rules NAME'");
	memcpy(s->hdr.rules, l + 6, len - 6);
	s->hdr.rules[len - 6] = '\0';
	for (size_t i = 0; s->table[i] != NULL; i++)
		if (strcmp(s->table[i]->name, s->hdr.rules) == 0)
			s->rules = s->table[i];
	if (s->rules == NULL)
		return sv_fail(s, e, ERR_DAMAGED, "unknown rule set '%s'",
		    s->hdr.rules);
	s->state = ST_GAME;
	return 0;
}

/* "game ID". */
static int
header_game(struct save *s, const char *l, size_t len, struct err *e)
{
	if (!sv_starts(l, len, "game ") ||
	    len != 5 + 2 * SAVE_GAME_ID_BYTES || !sv_is_hex(l + 5, len - 5))
		return sv_fail(s, e, ERR_DAMAGED, "expected 'game ID' with "
		    "%d lower-case hex digits", 2 * SAVE_GAME_ID_BYTES);
	sodium_hex2bin(s->hdr.game_id, sizeof s->hdr.game_id, l + 5,
	    len - 5, NULL, NULL, NULL);
	s->state = ST_SEED;
	return 0;
}

/* "seed HEX", or in format 2 with chance fair "salt HEX", public,
 * naming the game; nothing is drawn from a salt.  Either must hash to
 * the game id. */
static int
header_seed(struct save *s, const char *l, size_t len, struct err *e)
{
	unsigned char id[SAVE_GAME_ID_BYTES];

	if (s->hdr.version == SAVE_VERSION_FAIR &&
	    sv_starts(l, len, "salt ")) {
		if (len != 5 + 2 * sizeof s->hdr.salt ||
		    !sv_is_hex(l + 5, len - 5))
			return sv_fail(s, e, ERR_DAMAGED, "expected 'salt "
			    "HEX' with %d lower-case hex digits",
			    (int)(2 * sizeof s->hdr.salt));
		sodium_hex2bin(s->hdr.salt, sizeof s->hdr.salt, l + 5,
		    len - 5, NULL, NULL, NULL);
		save_game_id(id, s->hdr.salt);
		if (memcmp(id, s->hdr.game_id, sizeof id) != 0)
			return sv_fail(s, e, ERR_REFUSED, "the salt does "
			    "not belong to this game id (it was "
			    "changed)");
		s->hdr.chance = SAVE_CHANCE_FAIR;
		s->state = ST_CREATED;
		return 0;
	}
	if (!sv_starts(l, len, "seed ") ||
	    len != 5 + 2 * RULES_SEED_BYTES || !sv_is_hex(l + 5, len - 5))
		return sv_fail(s, e, ERR_DAMAGED, "expected 'seed HEX' with "
		    "%d lower-case hex digits", 2 * RULES_SEED_BYTES);
	sodium_hex2bin(s->hdr.seed, sizeof s->hdr.seed, l + 5, len - 5,
	    NULL, NULL, NULL);
	save_game_id(id, s->hdr.seed);
	if (memcmp(id, s->hdr.game_id, sizeof id) != 0)
		return sv_fail(s, e, ERR_REFUSED, "the seed does not "
		    "belong to this game id (it was changed)");
	s->state = ST_CREATED;
	return 0;
}

/* "created YYYY-MM-DDTHH:MM:SSZ". */
static int
header_created(struct save *s, const char *l, size_t len, struct err *e)
{
	static const char pat[] = "dddd-dd-ddTdd:dd:ddZ";

	if (!sv_starts(l, len, "created ") || len != 8 + sizeof pat - 1)
		goto bad_created;
	for (size_t i = 0; i < sizeof pat - 1; i++)
		if (pat[i] == 'd' ? (l[8 + i] < '0' || l[8 + i] > '9')
		    : l[8 + i] != pat[i])
			goto bad_created;
	memcpy(s->hdr.created, l + 8, len - 8);
	s->hdr.created[len - 8] = '\0';
	s->state = s->hdr.version == SAVE_VERSION_FAIR ? ST_CHANCE :
	    ST_OPTIONS;
	return 0;
bad_created:
	return sv_fail(s, e, ERR_DAMAGED, "expected 'created "
	    "YYYY-MM-DDTHH:MM:SSZ'");
}

/* Format 2: "chance fair" after a salt, "chance open" after a seed. */
static int
header_chance(struct save *s, const char *l, size_t len, struct err *e)
{
	struct err fe;
	int mode;

	if (fair_parse_chance(l, len, &mode, &fe) != 0)
		return sv_fail(s, e, fe.code, "%s", fe.msg);
	if ((mode == FAIR_CHANCE_FAIR) !=
	    (s->hdr.chance == SAVE_CHANCE_FAIR))
		return sv_fail(s, e, ERR_DAMAGED, "chance %s goes with a "
		    "%s line", mode == FAIR_CHANCE_FAIR ? "fair" :
		    "open", mode == FAIR_CHANCE_FAIR ? "salt" :
		    "seed");
	/* Open chance: an optional deadline line follows (claims of a
	 * move, trigon-save(5), Deadlines and forfeit). */
	s->hdr.deadline = SAVE_DEADLINE_DEFAULT;
	s->hdr.grace = SAVE_GRACE_DEFAULT;
	s->state = mode == FAIR_CHANCE_FAIR ? ST_HANDS : ST_DEADLINE;
	return 0;
}

/* Format 2 with chance fair: "hands open" or "hands sealed". */
static int
header_hands(struct save *s, const char *l, size_t len, struct err *e)
{
	if (len == 12 && memcmp(l, "hands sealed", 12) == 0)
		s->hdr.hands = SAVE_HANDS_SEALED;
	else if (len != 10 || memcmp(l, "hands open", 10) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "expected 'hands open' "
		    "or 'hands sealed'");
	s->hdr.deadline = SAVE_DEADLINE_DEFAULT;
	s->hdr.grace = SAVE_GRACE_DEFAULT;
	s->state = ST_DEADLINE;
	return 0;
}

/* The optional "deadline ANSWER GRACE" after the hands line (chance
 * fair) or the chance line (chance open). */
static int
header_deadline(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *sp;
	struct err fe;

	if ((sp = memchr(l + 9, ' ', len - 9)) == NULL)
		return sv_fail(s, e, ERR_DAMAGED, "expected 'deadline "
		    "ANSWER GRACE', e.g. 'deadline 72h 24h'");
	if (fair_parse_duration(l + 9, (size_t)(sp - l - 9),
	    &s->hdr.deadline, &fe) != 0 ||
	    fair_parse_duration(sp + 1, (size_t)(l + len - sp - 1),
	    &s->hdr.grace, &fe) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "deadline: %s", fe.msg);
	s->hdr.has_deadline = 1;
	return 0;
}

/* Options, then players, then data blocks, then "start". */
static int
header_rest(struct save *s, const char *l, size_t len, struct err *e)
{
	if (s->blob_open && len >= 1 && l[0] == '|') {
		if (len == 1)
			return add_data_line(s, l, 0, e);
		if (l[1] != ' ')
			return sv_fail(s, e, ERR_DAMAGED, "a data line is '| TEXT'"
			    " or '|'");
		return add_data_line(s, l + 2, len - 2, e);
	}
	s->blob_open = 0;
	if (sv_starts(l, len, "option "))
		return header_option(s, l, len, e);
	if (sv_starts(l, len, "player ")) {
		if (s->state > ST_PLAYERS)
			return sv_fail(s, e, ERR_DAMAGED, "players come before "
			    "the data");
		s->state = ST_PLAYERS;
		return parse_player(s, l, len, e);
	}
	if (s->hdr.nplayers < s->rules->min_seats)
		return sv_fail(s, e, ERR_DAMAGED, "the rules %s need %d to %d "
		    "players; the header names %d", s->rules->name,
		    s->rules->min_seats, s->rules->max_seats, s->hdr.nplayers);
	if (sv_starts(l, len, "data ")) {
		s->state = ST_DATA;
		return parse_data(s, l, len, e);
	}
	if (len == 5 && memcmp(l, "start", 5) == 0)
		return start_game(s, e);
	return sv_fail(s, e, ERR_DAMAGED, "unexpected line in the header "
	    "(expected option, player, data or start)");
}

/* "option KEY=VALUE", before the players. */
static int
header_option(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *eq = memchr(l + 7, '=', len - 7);
	size_t n;

	if (s->state != ST_OPTIONS)
		return sv_fail(s, e, ERR_DAMAGED, "options come before "
		    "the players");
	n = len - 7;
	if (eq == NULL || eq == l + 7 || n >= SAVE_OPTION_MAX ||
	    memchr(l + 7, ' ', n) != NULL)
		return sv_fail(s, e, ERR_DAMAGED, "expected 'option "
		    "KEY=VALUE' (no spaces, under %d bytes)",
		    SAVE_OPTION_MAX);
	if (s->hdr.noptions >= SAVE_OPTIONS_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "more than %d options",
		    SAVE_OPTIONS_MAX);
	memcpy(s->hdr.option[s->hdr.noptions], l + 7, n);
	s->hdr.option[s->hdr.noptions][n] = '\0';
	s->hdr.noptions++;
	return 0;
}

/* What create() gets; opts has room for SAVE_OPTIONS_MAX strings. */
void
sv_setup_fill(struct save *s, struct rules_setup *su, const char **opts)
{
	memset(su, 0, sizeof *su);
	su->chance = s->chance;
	su->salt = chance_seed_salt(s->hdr.chance == SAVE_CHANCE_FAIR ?
	    s->hdr.salt : s->hdr.seed);
	su->nseats = s->hdr.nplayers;
	for (int i = 0; i < s->hdr.nplayers; i++)
		su->seat[i] = s->hdr.player[i].seat;
	for (size_t i = 0; i < s->hdr.noptions; i++)
		opts[i] = s->hdr.option[i];
	su->options = opts;
	su->noptions = s->hdr.noptions;
	su->blobs = s->hdr.blob;
	su->nblobs = s->hdr.nblobs;
	if (s->fair != NULL && s->fair->sealed != NULL &&
	    s->fair->sealed->ready) {
		s->fair->sealed_req = s->fair->sealed->req;
		su->sealed = &s->fair->sealed_req;
	}
}

/* The rules refused to create the game (rc, re): say so, naming the
 * line of a data blob they name. */
static int
create_refused(struct save *s, struct err *e, int rc,
    const struct rules_error *re)
{
	s->game = NULL;
	s->rerr = *re;
	if (re->data != NULL && re->line > 0)
		for (size_t i = 0; i < s->hdr.nblobs; i++)
			if (strcmp(s->hdr.blob[i].name, re->data) == 0)
				s->line = s->hdr.blob_line[i] + re->line;
	/* Awaiting chance is no damage: the game cannot start yet. */
	return sv_fail(s, e, rc == RULES_ENOMEM ? ERR_NOMEM :
	    rc == RULES_PENDING ? ERR_REFUSED : ERR_DAMAGED,
	    "the rules refuse this game: %s", re->msg);
}

/*
 * Fair chance: nothing is created before every seat has joined (no
 * seat may choose its chain after seeing another's); the join await
 * is owed now, and the game is created (and its first events opened)
 * by the answers (sv_advance()).  So that `new` refuses what the rules
 * would refuse then (options, data, seats, a game that cannot be fair),
 * the writer (save_start) has the game created once now, for nothing,
 * from a source that answers at once from a seed of zeros but says it
 * is fair; it is freed at once and nothing of it is kept.  A reader
 * does not: a file whose game the rules refuse fails where the joins
 * create it.
 */
static int
start_fair(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];
	const char *opts[SAVE_OPTIONS_MAX];
	unsigned char zero[RULES_SEED_BYTES] = { 0 };
	struct chance_seed dry;
	struct rules_setup su;
	struct rules_error re;
	struct game *g = NULL;
	int rc;

	if (s->writing) {
		if (s->hdr.hands == SAVE_HANDS_SEALED &&
		    !s->rules->hands_sealed)
			return sv_fail(s, e, ERR_USAGE, "%s deals no sealed hands "
			    "yet", s->rules->title);
		chance_seed_init(&dry, zero);
		dry.chance.flags |= RULES_CHANCE_FAIR;
		sv_setup_fill(s, &su, opts);
		su.chance = &dry.chance;
		if (s->hdr.hands == SAVE_HANDS_SEALED)
			su.sealed = save_sealed_dry();
		memset(&re, 0, sizeof re);
		if ((rc = s->rules->create(&g, &su, &re)) != 0)
			return create_refused(s, e, rc, &re);
		s->rules->free(g);
	}
	chance_fair_init(&f->src, sv_all_seats(s));
	s->chance = &f->src.chance;
	f->joins_open = 1;
	f->pend = PEND_CREATE;
	f->answers_ok = 1;
	s->state = ST_BODY;
	sv_seat_list(s, sv_all_seats(s), seats, sizeof seats);
	if ((rc = sv_owe(s, "#? join: %s", seats)) != 0)
		return sv_fail(s, e, rc, "out of memory");
	return 0;
}

static int
start_game(struct save *s, struct err *e)
{
	struct rules_setup su;
	const char *opts[SAVE_OPTIONS_MAX];
	struct rules_error re;
	int rc;

	memset(&re, 0, sizeof re);
	if (s->hdr.chance == SAVE_CHANCE_FAIR)
		return start_fair(s, e);
	/* Open mode: chance answers from the header's seed. */
	chance_seed_init(&s->seeded, s->hdr.seed);
	if (s->chance == NULL)
		s->chance = &s->seeded.chance;
	sv_setup_fill(s, &su, opts);
	/* Format 2: the only answers are claims (a withheld move), after
	 * the start's notes. */
	if (s->fair != NULL)
		s->fair->answers_ok = 1;
	for (int tries = 0;; tries++) {
		s->game = NULL;
		rc = s->rules->create(&s->game, &su, &re);
		if (rc != RULES_PENDING || tries >= SAVE_REDO_MAX ||
		    sv_settle(s, &re) != 0)
			break;
		memset(&re, 0, sizeof re);
	}
	if (rc != 0)
		return create_refused(s, e, rc, &re);
	s->state = ST_BODY;
	/* What the rules did on their own at creation is owed next. */
	s->note.len = 0;
	s->note_pos = 0;
	if (s->rules->start_note != NULL) {
		s->rules->start_note(s->game, &s->note);
		if (s->note.len > RULES_NOTE_MAX)
			s->note.len = RULES_NOTE_MAX;
	}
	if (s->fair != NULL && (rc = sv_owe_notes(s)) != 0)
		return sv_fail(s, e, rc, "an annotation longer than %d bytes",
		    SAVE_LINE_MAX);
	return sv_emit(s, e, SAVE_EV_START, 0, -1, NULL, 0);
}

