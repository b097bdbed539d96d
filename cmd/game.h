/*
 * game.h -- what the save-file commands (new, move, status, moves, log,
 * verify) share: finding the save file, reporting a struct err with the
 * right exit status, the engine's JSON view, and the JSON of a game's
 * await state.
 */
#ifndef TRIGON_CMD_GAME_H
#define TRIGON_CMD_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "err.h"
#include "save.h"

#define GAME_FILE_DEFAULT "game.trigon"

struct cmd;
struct cmd_ctx;

/*
 * The save file to use: opt when given, else [game] file of the
 * configuration, else GAME_FILE_DEFAULT.  Returns an exit status.
 */
int game_file(char *buf, size_t n, const char *opt);

/*
 * Print e ("trigon: FILE:LINE: error: msg", "trigon: FILE: error: msg"
 * or "trigon: msg") and return its exit status.  verify = 1: a file
 * that fails a check exits 1 (verification failed); otherwise such a
 * file is damaged (3).
 */
int game_report(const struct err *e, int verify);
/* Unlock the key file c->kpath into c->sk: EXIT_OK or an exit status. */
int game_unlock_secret(struct cmd_ctx *c);

/* A JSON view of g (describe's view, viewer, flags) parsed, or NULL. */
json_t *game_view_json(const struct rules *r, const struct game *g,
    enum rules_view view, int viewer, unsigned flags);

/* The engine's public JSON view of the game, or NULL. */
json_t *game_state_json(const struct save *s);

/* {"over", "to_act", "winner", "how", "text"} of the game; while a
 * fair game awaits answers, "answers" (save_awaits) and "since" (from
 * the file at path's last change, game_await_since): {"asked", and
 * "claim": {"seat", "kind", "from"} or null}, times in UTC. */
json_t *game_await_json(const struct save *s, const char *path);

/*
 * A JSON string of s, which need not be UTF-8 (a file name, a message
 * quoting one): each byte that is not part of a valid UTF-8 sequence
 * becomes U+FFFD, as trigon(1) says.  NULL only when out of memory.
 */
json_t *game_json_string(const char *s);

/* A JSON string of s, or null when s is NULL or empty (absent). */
json_t *game_json_or_null(const char *s);

/* Write j to stdout with a newline; returns an exit status. */
int game_print_json(json_t *j);

/* The round (or turn) the game is in (rules_round), or -1. */
long game_round(const struct save *s);

/*
 * What the game awaits, checked against the await contract of rules.h:
 * afterwards aw->seat is a seat of the game while not over, and
 * aw->winner one or -1 when over.  A broken contract is printed as an
 * error of path and gives EXIT_DAMAGED.
 */
int game_await(const struct save *s, const char *path,
    struct rules_await *aw);

/* The name of seat ("player SEAT ..." of the header), or "nobody". */
const char *game_seat_name(const struct save *s, int seat);

/* The seat named name (--as SEAT), or -1. */
int game_find_seat(const struct save *s, const char *name);

/*
 * The secret key file of the player: opt (--key) when given, else the
 * configuration's [player] key.  Returns an exit status (a bad --key is
 * a usage error of command c).
 */
int game_key_path(const struct cmd *c, char *buf, size_t n, const char *opt);

/*
 * A usage error of c: opt takes one of r's bot kinds ("--vs takes
 * A, B or C, not 'x'", the default kind last).
 */
int game_bad_kind(const struct cmd *c, const struct rules *r,
    const char *opt, const char *kind);

/* For help_more: each rule set's computer players. */
void game_help_bots(void *stream);

/*
 * Seal the lines in out with c's key and append them to c's file under
 * its lock, then show them; returns an exit status.
 */
int game_append(struct cmd_ctx *c, struct save_buf *out);

/* "FILE: the game is over: X won (how)" or "FILE: next: ...". */
void game_print_next(const struct save *s, const char *path,
    const struct rules_await *aw);

/*
 * What every view of a game says of its chance: the mode's
 * line (save_chance_text), then, while a fair game awaits answers,
 * "awaits answers: WHAT (trigon answer)" (save_awaits), to f; ascii 1:
 * ASCII only ("--" for the em dash); 2: the mode alone (a past
 * position: trigon board --at).
 */
void game_print_chance(const struct save *s, const char *path, FILE *f,
    int ascii);

/*
 * Since when a fair game has awaited answers, and when a claim against
 * the seat that owes one becomes possible (save_await_since), from the
 * file at path's last change, into buf: "since 2026-11-27 04:25 UTC at
 * the earliest (this copy's last change); purple's timeout may be
 * claimed from 2026-11-30 04:25 UTC (trigon claim)".  utc: UTC, else
 * local time.  Returns 0, or -1 (buf "") when nothing is awaited.
 */
int game_await_since(const struct save *s, const char *path, int utc,
    char *buf, size_t n);

/* "; awaits answers from purple and white" when a fair game awaits
 * some, else "" (trigon games; mail subjects add what for and since
 * when, game_awaited_subject). */
void game_awaited_brief(const struct save *s, char *buf, size_t n);

/* "; awaits answers from purple (dice) since 2026-11-27 04:25 UTC" when
 * a fair game awaits some, else "" (mail subjects). */
void game_awaited_subject(const struct save *s, const char *path,
    char *buf, size_t n);

/*
 * trigon answer --answer-key: the exported answer key that answers
 * instead of the main key (game_answer_file signs with it; sk is then
 * its answer key pair, which merges sign with), else NULL.
 */
struct fair_export;
extern const struct fair_export *game_answer_key;

/*
 * Fair chance: write what the file at path (locked: fd, read into s)
 * awaits from sk's seat -- its join, releases, audit (save_answer) --
 * replacing the file atomically; *added counts the answer lines (0:
 * nothing owed, nothing written).  Errors are printed; returns an exit
 * status.  s is then the new file.
 */
int game_answer_file(const char *path, int fd, struct save *s,
    const unsigned char *sk, int *added);

/* A number 1..max for option opt, else a usage error of c. */
int game_number(const struct cmd *c, const char *s, const char *opt,
    long max, long *out);
/* A --seed number (decimal, 64 bits), else a usage error of c. */
int game_seed_number(const struct cmd *c, const char *s, uint64_t *out);

/* A check for commands without operands: "too many arguments". */
int game_no_operands(struct cmd_ctx *c);

/*
 * A check for the views: the save file as their one operand, as well as
 * -f FILE ("trigon status g.trigon"); both, or more, is "too many
 * arguments".
 */
int game_file_operand(struct cmd_ctx *c);
/*
 * Sealed hands: c->save, loaded as an observer for a view of the asking
 * key's own seat (CMD_ASKER, CMD_VIEW), read again as that seat with
 * its secret key unlocked into c->sk; EXIT_OK at once for open hands
 * or no held key of the game.
 */
int game_sealed_reader(struct cmd_ctx *c);

/* Print the lines just written ("FILE: line"), signatures left out,
   annotations ("#= text") as "FILE:     text" (game_note_view). */
void game_show_written(const struct save *s, const char *path,
    const struct save_buf *out);

/* The note t (*len bytes) of s's game as a player reads it
   (rules.note_view, with the game's own data, in buf of n bytes) or t
   itself; *len becomes the length shown. */
const char *game_note_view(const struct save *s, const char *t,
    size_t *len, char *buf, size_t n);

/*
 * trigon move's write (cmd/move.c), shared with trigon bot: seal and
 * append out's actions; in a fair game whose new event awaits the
 * mover's own release, the release goes into the same write.
 */
int move_write(struct cmd_ctx *c, struct save_buf *out);

/* Whom a fair game waits for, in words, into buf: "purple's client to
 * release the draw" (save_awaited, save_await_kinds). */
void move_wait_words(const struct save *s, char *buf, size_t n);

/* A turn longer than this is a bot that does not end it: stop. */
#define BOT_MAX_ACTIONS 2000

/* What bot_play did. */
struct bot_turn {
	int played;		/* actions written */
	int event;		/* the last one opened a random event */
	uint64_t first;		/* the number of the first */
	char *act[BOT_MAX_ACTIONS];	/* their texts */
	struct rules_await aw;	/* what the game awaits afterwards */
};

/*
 * trigon bot's work (cmd/bot.c), shared with trigon answer --bot: the
 * computer plays seat in c's loaded and locked file with c->sk, for as
 * long as the game lets the seat act, and up to and including an action
 * that opens a random event in a fair game; the actions are written in
 * one append (move_write) and the next step said.  Returns an exit
 * status; t is filled either way (bot_turn_release frees it).
 */
struct rules_bot_opts;
int bot_play(struct cmd_ctx *c, int seat, const struct rules_bot_opts *o,
    struct bot_turn *t);
void bot_turn_release(struct bot_turn *t);

/*
 * The directory of the keys trigon play makes for a game's computer
 * seats (COLOR.bot.key) and other people at the terminal, named by the
 * game's id from seed: CONFIG_DIR/play/GAME-ID, made (mode 0700) when
 * missing (cmd/play.c; trigon serve shares it).  Returns an exit status.
 */
int play_key_dir(char *buf, size_t n, const unsigned char *seed);

#endif
