/*
 * rules.h -- the one narrow interface between a rule set and the rest.
 *
 * The save file, signing, verify, git, mail and the commands reach the
 * rules of a game only through this header.  Nothing here knows Trigon:
 * a rule set is a table of functions (struct rules) over an opaque game
 * (struct game).  Trigon's table lives in lib/games/trigon/; a second
 * rule set (Catan, say) adds its own folder and one line to
 * rules_table[] in lib/games/registry.c, which each program hands the
 * core with rules_register(), and nothing above this header changes.
 *
 * Conventions (libgit2's): functions that can fail return int, 0 on
 * success; outputs come first; a struct rules_error carries the reason
 * in the game's own words.  The library never prints and never exits.
 *
 * Seats are numbered 0..nseats-1 in the order the game names its
 * players; each seat has a name the rule set defines (Trigon: a color).
 * Actions are single lines of text in the rule set's order language;
 * the same bytes are what the save file stores and signs.
 */
#ifndef TRIGON_RULES_H
#define TRIGON_RULES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RULES_SEED_BYTES 32
#define RULES_MAX_SEATS 8
#define RULES_MSG_MAX 512
#define RULES_ACTION_MAX 512	/* longest action line, bytes */
#define RULES_HOW_FORFEIT "forfeit"	/* await's how after a forfeit */

struct game;			/* opaque: one game of some rule set */
struct rules_search;		/* the search's hooks: lib/search.h */

enum rules_rc {
	RULES_OK = 0,
	RULES_REFUSED = -1,	/* the action breaks a rule: see msg */
	RULES_EPARSE = -2,	/* the action text is not in the order language */
	RULES_EDATA = -3,	/* bad options, map, deck or scenario data */
	RULES_ENOMEM = -4,
	RULES_ESEAT = -5,	/* that seat may not act now */
	RULES_PENDING = -6,	/* a chance answer is awaited: see below */
};

struct rules_error {
	int code;		/* an enum rules_rc */
	char msg[RULES_MSG_MAX];	/* the reason, in the game's words */
	char hint[RULES_MSG_MAX];	/* "did you mean ...", or "" */
	const char *data;	/* for RULES_EDATA: which data ("map", ...) */
	int line;		/* for RULES_EDATA: line in that data, or 0 */
};

/* A named block of design data, one of rules.blob_names. */
struct rules_blob {
	const char *name;
	const char *text;
	size_t len;
};

struct rules_setup {
	int nseats;
	const char *seat[RULES_MAX_SEATS];	/* seat names in seat order */
	const char *const *options;	/* "key=value" strings */
	size_t noptions;
	const struct rules_blob *blobs;	/* data overriding the embedded defaults */
	size_t nblobs;
	/* Randomness and public numbering: see "Chance" below. */
	const struct rules_chance *chance;
	uint64_t salt;
	/* Sealed hands (below): the game keeps it like chance; NULL when
	 * the game's hands are open. */
	const struct rules_sealed *sealed;
};

/* ---- Chance: randomness is asked for, never drawn ------------------------
 *
 * A game never sees the seed.  create() receives a source of chance in
 * setup->chance and keeps the pointer (the caller keeps the source alive
 * as long as the game and its clones; a clone shares it).  Every random
 * number the game uses comes from that source, one event at a time,
 * through chance_event() and the drawing helpers of lib/chance.h
 * (chance_below, chance_die, chance_shuffle): the game names the event
 * in its own words (label) and the seats that take part (quorum), the
 * core numbers it.  A game keeps the count of events it opened in its
 * own state, so that clones and redone actions number alike.  A NULL
 * source means that the game may draw nothing: an event is then an
 * error (RULES_EDATA).  A computer player's private copies (playouts,
 * determinizations) use their own generator and never ask the source.
 *
 * setup->salt is a public value per game that a game may use to key
 * private numberings (Trigon's numbers for hidden cards, "offer white
 * swap 2"); no randomness may come from it.  In a format-1 (open mode)
 * save file it is chance_seed_salt() of the header's seed.
 *
 * The redo model (doc/fair-chance.md section 5).  A source may answer an event
 * with RULES_PENDING: its answer is not there yet.  The game then stops
 * at once and returns RULES_PENDING from apply() (or create()), with
 * err->msg naming what is awaited and the game left untouched, exactly
 * as for a refusal (create: *out stays NULL).  The core waits until
 * the source has the answer (settle()) and then applies the SAME action
 * line again, from the same state: the game opens the same events with
 * the same numbers, and this time they are answered.  So a game needs no
 * continuations; it only has to pass RULES_PENDING up at once and draw
 * everything through its source.  In open mode nothing is ever pending.
 */
struct chance_stream;		/* lib/chance.h */

struct rules_chance_req {
	const char *label;	/* the event in the game's words */
	unsigned quorum;	/* bit (1u << seat) per seat taking part;
				   0 = all live seats */
	unsigned kind;		/* the game's small event kind, 0-255: the
				   open mode of format 1 keys the stream
				   with it (lib/chance.h); or'ed with
				   RULES_CHANCE_SOLO */
};

/*
 * In kind: the event needs no seat but its quorum's one (fair mode
 * refuses a one-seat quorum in a game of two or more seats without it:
 * that seat alone would foresee the numbers).
 */
#define RULES_CHANCE_SOLO (1u << 8)

enum rules_chance_flags {
	/* The source may answer RULES_PENDING (fair mode, tests): a game
	 * prepares to leave itself untouched.  Without it, events never
	 * fail (open mode) and a game may skip that preparation. */
	RULES_CHANCE_MAY_PEND = 1 << 0,
	/*
	 * Fair mode: an event's numbers are unknown to everyone until the
	 * players open it, after the decision it follows.  A game then
	 * draws nothing ahead: a deck whose draws are public is not
	 * shuffled at creation, each card is drawn when it is drawn, by
	 * an event of all seats, uniformly from the cards whose places
	 * nobody knows (doc/fair-chance.md).  Without it (open mode) a game
	 * keeps the draws of the files written before.
	 */
	RULES_CHANCE_FAIR = 1 << 1,
};

/*
 * Sealed hands (trigon-save(5), "Sealed hands"; doc/sealed-hands.md
 * 8.6): the requests a rule set with hands_sealed makes of its source
 * for a deck whose order and faces nobody knows.  Card k of a deck is
 * the game's own card number k; a position is a place in the deck as
 * every seat shuffled it.  Each request answers like an event (the
 * redo model above): 0 when what it asks is there, RULES_PENDING while
 * the save layer awaits the seats' answers (err->msg says what), or
 * RULES_EDATA when a redo asks something else than it asked on the
 * same state.  The game receives it as setup->sealed (NULL: hands
 * open) and asks through rules_sealed_declare, _deal and _open.
 */
#define RULES_CARD_UNKNOWN (-1)	/* a face this reader may not see */
#define RULES_DECK_MAX 128	/* cards of one sealed deck */

struct rules_sealed {
	/* Deck `deck` (1-31 bytes of a-z, 0-9, '-') generation gen of n
	 * cards, 2 to RULES_DECK_MAX: 0 once every seat has shuffled it. */
	int (*declare)(void *ctx, const char *deck, uint32_t gen, unsigned n,
	    struct rules_error *err);
	/* Positions pos[0..npos) of the shuffled deck, dealt to seat: 0
	 * once every other seat's share is in, card[i] the face at pos[i]
	 * when this reader is that seat (or the card is open), else
	 * RULES_CARD_UNKNOWN. */
	int (*deal)(void *ctx, const char *deck, uint32_t gen, int seat,
	    const unsigned *pos, unsigned npos, int *card,
	    struct rules_error *err);
	/* Position pos, dealt to seat, opened to all: 0 with *card its
	 * face, which is the card dealt there. */
	int (*open)(void *ctx, const char *deck, uint32_t gen, int seat,
	    unsigned pos, int *card, struct rules_error *err);
	void *ctx;
};

/* The requests through sp; RULES_EDATA (err->msg) when sp is NULL. */
int rules_sealed_declare(const struct rules_sealed *sp, const char *deck,
    uint32_t gen, unsigned n, struct rules_error *err);
int rules_sealed_deal(const struct rules_sealed *sp, const char *deck,
    uint32_t gen, int seat, const unsigned *pos, unsigned npos, int *card,
    struct rules_error *err);
int rules_sealed_open(const struct rules_sealed *sp, const char *deck,
    uint32_t gen, int seat, unsigned pos, int *card,
    struct rules_error *err);

struct rules_chance {
	/*
	 * Answer event number `event` (the core's numbering): fill *out
	 * with the event's stream and return 0, or return RULES_PENDING
	 * (err->msg: what is awaited) or another enum rules_rc.  Called
	 * through chance_event() only.
	 */
	int (*event)(void *ctx, uint32_t event,
	    const struct rules_chance_req *req, struct chance_stream *out,
	    struct rules_error *err);
	/*
	 * After apply or create answered RULES_PENDING: 0 once the awaited
	 * answers are there (the core applies the same line again),
	 * RULES_PENDING while they are not (the core stops there), or
	 * another enum rules_rc.  NULL: the source never pends.
	 */
	int (*settle)(void *ctx, struct rules_error *err);
	void *ctx;
	unsigned flags;		/* enum rules_chance_flags */
};

/*
 * What the game waits for: the await contract.  A rule set's await()
 * always fills every field, and the core checks it (rules_await_check,
 * below) rather than trusting it:
 *   - while not over: 0 <= seat < nseats, the seat that must act next;
 *     may_act is 0 (seat alone) or a set of seats below nseats that
 *     includes seat; winner is -1 and how "".
 *   - when over: seat is -1 and may_act 0; winner is a seat below
 *     nseats, or -1 when nobody won; how names one of rules.ends,
 *     or is RULES_HOW_FORFEIT (the core's ending, see forfeit).
 * text is a NUL-ended line in the game's words, possibly "".
 */
struct rules_await {
	int over;		/* 1 when the game has ended */
	int seat;		/* seat that must act next, -1 when over */
	unsigned may_act;	/* bit (1u << s) for each seat s that may act
				   now: seat, and e.g. a player who may
				   withdraw an offer while it is answered;
				   0 means seat alone */
	int winner;		/* winning seat when over, else -1 */
	char how[64];		/* when over: one of rules.ends' names,
				   or RULES_HOW_FORFEIT */
	char text[RULES_MSG_MAX];	/* what is awaited, in the game's words */
};

/*
 * Public account of what one applied action did (dice rolled, battles,
 * collection phases that followed it), one event per line, never
 * anything the rules keep hidden from some player.  The save file
 * stores these lines as annotations and verify compares them.
 */
#define RULES_NOTE_MAX 4096
struct rules_note {
	size_t len;
	char text[RULES_NOTE_MAX];
};

/* Called for each legal action; return non-zero to stop the listing. */
typedef int (*rules_emit_fn)(void *ctx, const char *action);

enum rules_view {
	RULES_VIEW_STATUS,	/* round, phase, turn, points: text */
	RULES_VIEW_BOARD,	/* the board picture (see flags) */
	RULES_VIEW_HAND,	/* the private hand of the viewer seat */
	RULES_VIEW_JSON,	/* the public state as one JSON object */
};

enum rules_view_flags {
	RULES_VF_ASCII = 1 << 0,
	RULES_VF_COLOR = 1 << 1,
	RULES_VF_SVG = 1 << 2,	/* RULES_VIEW_BOARD as an SVG picture
				   (image/svg+xml, UTF-8) instead of text */
	RULES_VF_JSON = 1 << 3,	/* RULES_VIEW_HAND as one JSON object
				   (`trigon hand --json`); a rule set
				   without it answers RULES_EDATA */
};

/*
 * The width of a text view in display columns travels in the flags'
 * bits 8-23: RULES_VF_WIDTH(80) asks for lines of at most 80 columns
 * (RULES_VIEW_BOARD lays its picture out for that width).  0, the
 * width of flags that never set it, means the rule set's own default.
 * Every rule set draws every width from RULES_WIDTH_MIN to
 * RULES_WIDTH_MAX; callers clamp what they ask to that range.
 */
#define RULES_VF_WIDTH_SHIFT 8
#define RULES_VF_WIDTH(n) (((unsigned)(n) & 0xffffu) << RULES_VF_WIDTH_SHIFT)
#define RULES_VF_WIDTH_OF(flags) (((flags) >> RULES_VF_WIDTH_SHIFT) & 0xffffu)
#define RULES_WIDTH_MIN 60
#define RULES_WIDTH_MAX 200

/*
 * Options of a computer player (rules.bot).  kind: NULL or "" for the
 * rule set's default player, or another name it knows (Trigon:
 * its bot_kinds).  playouts > 0 fixes the search budget
 * (deterministic: same game, seat, playouts and seed, same choice);
 * else think_ms > 0 is a time budget (not deterministic); else the
 * rule set's default budget.  seed: the bot's own randomness.
 */
struct rules_bot_opts {
	const char *kind;
	long playouts;
	long think_ms;
	uint64_t seed;
};

/*
 * What a rule set tells the core about itself beyond its functions,
 * so that nothing above this header knows a game's words.
 */

/* One way a game can end: aw.how holds its name. */
struct rules_end {
	const char *name;	/* "points" */
	const char *text;	/* one line: "10 points at the end of a turn" */
};

/* One kind of computer player (rules_bot_opts.kind). */
struct rules_bot_kind {
	const char *name;	/* its name for --player and --vs */
	const char *text;	/* one line: what it does */
};

struct rules_stats;

struct rules {
	const char *name;	/* "trigon": stored in the save header */
	const char *title;	/* "Rule of Trigon" */
	/* Optional (NULL: name): the shorter name its lines of figures
	   carry, e.g. selfplay's "strength: SHORT-bot-vs-KIND" (here
	   "duel" for "catan-duel"). */
	const char *short_name;
	int min_seats, max_seats;
	const char *const *seat_names;	/* every possible seat name, NULL-ended */
	const char *const *blob_names;	/* data kinds this rule set reads */

	/*
	 * A new game.  It keeps setup->chance (see "Chance") and copies
	 * everything else it needs.  RULES_PENDING when an event it opens
	 * is awaited: *out stays NULL and the core calls create again.
	 */
	int (*create)(struct game **out, const struct rules_setup *setup,
	    struct rules_error *err);
	struct game *(*clone)(const struct game *g);
	void (*free)(struct game *g);

	/* Embedded default text of a data kind, or NULL. */
	const char *(*default_blob)(const char *name, size_t *len);

	/*
	 * Apply one action by seat.  On success fill *note (may be NULL)
	 * and return 0; on failure return an enum rules_rc with err filled
	 * and the game unchanged.  RULES_PENDING (the redo model, see
	 * "Chance") is such a failure: returned at once, game unchanged.
	 */
	int (*apply)(struct game *g, int seat, const char *action, size_t len,
	    struct rules_note *note, struct rules_error *err);

	void (*await)(const struct game *g, struct rules_await *out);

	/* List the legal actions of seat (its view only). */
	int (*legal)(const struct game *g, int seat, rules_emit_fn emit,
	    void *ctx);

	/* Write a view of the game as seen by seat viewer (-1: public). */
	int (*describe)(const struct game *g, enum rules_view view, int viewer,
	    unsigned flags, FILE *out);

	/* Points of a seat, for summaries. */
	int (*points)(const struct game *g, int seat);

	/*
	 * Optional (NULL: nothing to tell): the public account of what
	 * create() did on its own -- the first round's turn-order dice
	 * and collection phase, say -- one event per line as apply's
	 * note.  The save file writes these lines as annotations right
	 * after its header, and verify compares them.
	 */
	void (*start_note)(const struct game *g, struct rules_note *note);

	/*
	 * Optional (NULL: the core refuses every move after a forfeit and
	 * the game stands unfinished in the rules' eyes): seat forfeits,
	 * in a game of fair chance (trigon-save(5), Deadlines and
	 * forfeit: it withheld an answer past the deadline and the
	 * grace).  The game ends at once: seat loses, and the winner is
	 * the seat still in the game, other than seat, with the most
	 * public points (points()), the first in seat order among equals;
	 * await's how is RULES_HOW_FORFEIT, an ending of the core (fair
	 * chance), not of the game: ends does not name it.  The public
	 * account goes to note (its first line "SEAT forfeits").  Refuses,
	 * the game unchanged, when it is over or seat is out of range.
	 */
	int (*forfeit)(struct game *g, int seat, struct rules_note *note,
	    struct rules_error *err);

	/*
	 * Optional (NULL when the rule set has no computer player): choose
	 * one action for seat, which must be the seat to act, seeing only
	 * what that seat may see.  Writes the action text (NUL-ended) to
	 * action[n]; RULES_ESEAT when seat may not act now.
	 */
	int (*bot)(const struct game *g, int seat,
	    const struct rules_bot_opts *o, char *action, size_t n,
	    struct rules_error *err);

	/* --- the computer player's fast path (lib/search.h) --- */
	/*
	 * Optional (NULL: none): the hooks the core search (search.h)
	 * plays through -- integer actions, a determinization of what a
	 * seat cannot see, a playout policy and an evaluation.  A rule set
	 * with hooks and no bot of its own gets its computer player from
	 * the core (search_choose); one with both may call the search from
	 * its bot, as Trigon's "mcts" does.
	 */
	const struct rules_search *search;
	/* ---- What the core shows and offers (no game words above). ---- */

	/* How its games can end, {NULL, NULL}-ended; aw.how is a name. */
	const struct rules_end *ends;

	/*
	 * Optional (NULL: the game counts none): the number of the round
	 * (or turn) the game is in, 1 first, for status lines and for
	 * selfplay's --max-rounds; round_name says what it counts
	 * ("round"; NULL reads as "round").
	 */
	long (*round)(const struct game *g);
	const char *round_name;

	/*
	 * The kinds of its own bot, {NULL, NULL}-ended, the default kind
	 * first (the one a NULL or "" kind asks for).  NULL when bot is
	 * (a game with search hooks alone has the core's: search.h).
	 */
	const struct rules_bot_kind *bot_kinds;

	/* Seats of a selfplay game when none is asked (0: max_seats). */
	int default_seats;

	/*
	 * Help in the game's words: the order language (text of a few
	 * dozen lines, NULL when none), and the text about one named
	 * card, quest or other piece (NULL when it names nothing), for
	 * `trigon help orders` and `trigon help card NAME`.
	 */
	const char *help_orders;
	/* Optional: a few orders as a player would first type them
	   (NULL-ended), for `trigon help move`. */
	const char *const *order_examples;
	const char *(*help_card)(const char *name);
	/* Optional: emit every name help_card knows (its lookup key, as
	   typed in orders), for `trigon help card` and its "did you
	   mean". */
	int (*help_card_names)(rules_emit_fn emit, void *ctx);
	/* Optional: one short line about a card named in an order (its
	   English gloss and what it does, at most n - 1 bytes written
	   to buf), or NULL; `trigon play` shows it under the legal
	   actions that name the card. */
	const char *(*help_card_brief)(const char *name, char *buf,
	    size_t n);
	/* Optional: a note of the rules (len bytes, no newline) as a
	   player reads it, with the English gloss beside a name the note
	   gives as a Dutch slug, at most n - 1 bytes written to buf; or
	   NULL to show it as it is.  A save file keeps the note's own
	   words ("#=" lines are checked against the replay); `trigon
	   play`, `log`, `move` and `bot` show this form.  g is the game
	   the note was made in (its data, as `--data` loaded it, gives
	   the gloss), or NULL for the rule set's embedded data. */
	const char *(*note_view)(const struct game *g, const char *note,
	    size_t len, char *buf, size_t n);

	/*
	 * Optional: after seat's legal actions were listed (legal), a
	 * note of at most n - 1 bytes (lines joined by '\n', no final
	 * newline) saying how the list is shortened -- which actions
	 * stand for several -- or NULL when it is complete.  `trigon
	 * moves` prints it on stderr, `trigon play` under its list.
	 */
	const char *(*legal_note)(const struct game *g, int seat, char *buf,
	    size_t n);

	/*
	 * Optional (NULL: the game rolls no sum of two dice, and `trigon
	 * stats` refuses it): count one public note of the game into acc
	 * (lib/stats.h); action is the text of the action it follows
	 * (NULL, 0 for the notes of the game's start).
	 */
	void (*stats_note)(struct rules_stats *acc, const char *action,
	    size_t alen, const char *note, size_t len);

	/* One line for each data blob of blob_names, in its order. */
	const char *const *blob_texts;

	/*
	 * Options ("key=value", NULL-ended; NULL: none) every NEW game
	 * records in its header unless its creator gives that key, so
	 * that older files, which lack them, keep their rules: a rule
	 * set changes a rule behind such an option, absent meaning the
	 * old rule.  `trigon new` and selfplay apply them; loading a
	 * file replays the header's options only.
	 */
	const char *const *new_options;

	/*
	 * 1 when the rule set deals its hidden cards from sealed decks
	 * (trigon-save(5), "Sealed hands"; doc/sealed-hands.md 8.6), so
	 * that a game with "hands sealed" may start; 0 (every rule set
	 * today): such a game is refused after its last join.
	 */
	int hands_sealed;
};

/*
 * The rule sets this build knows, NULL-ended: defined by
 * lib/games/registry.c, named by programs only (cmd/, tests), never by
 * the core, which reads the table a program registered.
 */
extern const struct rules *const rules_table[];

/*
 * Hand the core its table of rule sets (NULL-ended; it must outlive
 * every use), once at start, before any save_init or rules_find:
 * main() and every test program that reads a save file.  Before it
 * the core knows no game.
 */
void rules_register(const struct rules *const *table);
/* The table registered, or an empty one. */
const struct rules *const *rules_registry(void);

/* By name, else by short name (rules.short_name); NULL if neither. */
const struct rules *rules_find(const char *name);
int rules_seat_index(const struct rules *r, const char *name);

/*
 * g's await state, checked against the contract above for a game of
 * nseats seats.  Returns 0, or -1 with out->text saying what is wrong
 * (then out is a safe "over, nobody won" state: seat and winner -1).
 */
int rules_await_check(const struct rules *r, const struct game *g,
    int nseats, struct rules_await *out);

/* The round (or turn) to show, or -1 when the game counts none. */
long rules_round(const struct rules *r, const struct game *g);
/* The word for it: r->round_name, else "round". */
const char *rules_round_name(const struct rules *r);
/* Index of how in r->ends, or -1. */
int rules_end_index(const struct rules *r, const char *how);
/*
 * The computer players of r, the default first: its bot_kinds when it
 * has a bot, else the core search's (search.h) when it has hooks, else
 * NULL.
 */
const struct rules_bot_kind *rules_bot_kinds(const struct rules *r);
/* The bot kind named kind (NULL or "": the default), or NULL. */
const struct rules_bot_kind *rules_bot_kind(const struct rules *r,
    const char *kind);
/* Seats of a selfplay game by default. */
int rules_default_seats(const struct rules *r);

/* 1 when the "key=value" options a and b name the same key, else 0. */
int rules_option_same_key(const char *a, const char *b);

/* The data blob of setup named name, or NULL when it has none. */
const struct rules_blob *rules_setup_blob(const struct rules_setup *s,
    const char *name);

/*
 * Fill err (when not NULL) with code and the formatted message, hint,
 * data and line cleared, and return code: the one way a rule set or the
 * search says why it refuses.
 */
int rules_refuse(struct rules_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
