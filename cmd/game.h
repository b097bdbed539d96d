/*
 * game.h -- what the save-file commands (new, move, status, moves, log,
 * verify) share: finding the save file, reporting a struct err with the
 * right exit status, the engine's JSON view, and the JSON of a game's
 * await state.
 */
#ifndef TRIGON_CMD_GAME_H
#define TRIGON_CMD_GAME_H

#include <stddef.h>

#include <jansson.h>

#include "err.h"
#include "save.h"

#define GAME_FILE_DEFAULT "game.trigon"

struct cmd;

/*
 * The save file to use: opt when given, else [game] file of the
 * configuration, else GAME_FILE_DEFAULT.  Returns an exit status.
 */
int game_file(char *buf, size_t n, const char *opt);

/*
 * save_init() s and load the save file at path into it, holding its
 * write lock in *fd when fd is not NULL.  On failure the error is
 * printed (game_report) and its exit status returned; the caller
 * releases s (save_release) either way.
 */
int game_load(struct save *s, const char *path, int *fd);

/*
 * Print e ("trigon: FILE:LINE: error: msg", "trigon: FILE: error: msg"
 * or "trigon: msg") and return its exit status.  verify = 1: a file
 * that fails a check exits 1 (verification failed); otherwise such a
 * file is damaged (3).
 */
int game_report(const struct err *e, int verify);

/* The engine's public JSON view of the game, or NULL. */
json_t *game_state_json(const struct save *s);

/* {"over", "to_act", "winner", "how", "text"} of the game. */
json_t *game_await_json(const struct save *s);

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
 * The seat whose private view (legal moves, hand) is asked for: --as
 * SEAT, else the seat of the asking key, else the seat to act.  The
 * asking key is kopt, else the configuration's key file when it exists.
 * With a key known, only that key's own seat may be viewed: another is
 * refused with "WHAT can show a player's hidden cards".  Call after
 * save_load(); sets *seat (-1: nobody) and returns an exit status.
 */
int game_view_seat(const struct cmd *c, struct save *s, const char *path,
    const char *as, const char *kopt, const char *what, int *seat);

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

/* Print the lines just written ("FILE: line"), signatures left out. */
void game_show_written(const char *path, const struct save_buf *out);

#endif
