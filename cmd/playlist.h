/*
 * playlist.h -- the legal actions as trigon play shows them on a
 * terminal: grouped by the words they start with, short; and the whole
 * list, or the part that starts with some words, numbered on request.
 */
#ifndef TRIGON_PLAYLIST_H
#define TRIGON_PLAYLIST_H

#include <stddef.h>
#include <stdio.h>

/*
 * Write the n actions of legal to f grouped, in at most maxlines lines
 * (at least 3) of at most width columns: a group of several actions
 * as "  build settlement: 47 choices ('list build settlement')", an
 * action alone in full; the groups first, the single actions (pass,
 * end) last, nearest the prompt.  Returns the lines written.
 */
int playlist_groups(FILE *f, char *const *legal, size_t n, size_t width,
    int maxlines);

/*
 * Write the actions of legal that start with the words of prefix (all
 * of them when prefix is empty) to f, each with its number in the
 * whole list.  Returns how many were written.
 */
size_t playlist_list(FILE *f, char *const *legal, size_t n,
    const char *prefix);

/*
 * The whole numbered list on a terminal of rows rows, a screenful at a
 * time: after each, a line says how far it has come and waits for
 * Enter (the next screenful) or q (stop).  Returns how many actions
 * were written.
 */
size_t playlist_page(FILE *f, char *const *legal, size_t n, int rows);

/*
 * A line typed at prompt: on a terminal (edit) with line editing, Tab
 * completing the next word of the n actions of legal; else from stdin,
 * echoed after the prompt so that a transcript reads as a game.  NULL
 * at the end of input; the caller frees the line.
 */
char *playlist_read_line(int edit, const char *prompt, char *const *legal,
    size_t n);

#endif
