/*
 * playlist.c -- the legal actions of trigon play, grouped to fit a
 * screen, and listed whole on request (play's 'list' and 'list WORDS',
 * a screenful at a time on a terminal); and the line typed at its prompt, Tab completing the legal actions.
 * Nothing here knows a game: the groups are the words actions share.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <editline/readline.h>

#include "playlist.h"
#include "term.h"

/* A group: actions sharing the first `words` words of legal[first]. */
struct group {
	size_t first;		/* index of its first action */
	size_t count;
	size_t matchlen;	/* bytes of the words that make the group */
	size_t keylen;		/* bytes of the words they all share */
};

#define PLAYLIST_MAX_GROUPS 256
#define PLAY_LINE_MAX 1024

/* The actions Tab completes (readline's callback takes no context). */
static char *const *legal_c;
static size_t nlegal_c;

static size_t word_prefix(const char *a, int words);
static size_t common_words(const char *a, const char *b, size_t max);
static size_t make_groups(struct group *g, char *const *legal, size_t n,
    int words);
static size_t biggest(const struct group *g, size_t ng);
static char *complete_word(const char *text, int state);
static char **complete(const char *text, int start, int end);

/* The bytes of a's first words words (the whole of a if fewer). */
static size_t
word_prefix(const char *a, int words)
{
	size_t i = 0;

	for (int w = 0; w < words; w++) {
		while (a[i] != '\0' && a[i] != ' ')
			i++;
		if (a[i] == '\0' || w + 1 == words)
			break;
		i++;
	}
	return i;
}

/* The bytes of the whole words a and b share, at most max. */
static size_t
common_words(const char *a, const char *b, size_t max)
{
	size_t i = 0, last = 0;

	while (i < max && a[i] != '\0' && a[i] == b[i]) {
		i++;
		if ((a[i] == ' ' || a[i] == '\0') && (b[i] == ' ' ||
		    b[i] == '\0'))
			last = i;
	}
	return last;
}

/* Group legal by its first words words; returns the groups. */
static size_t
make_groups(struct group *g, char *const *legal, size_t n, int words)
{
	size_t ng = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k = word_prefix(legal[i], words), j;

		for (j = 0; j < ng; j++)
			if (g[j].matchlen == k && strncmp(legal[g[j].first],
			    legal[i], k) == 0)
				break;
		if (j == ng) {
			if (ng == PLAYLIST_MAX_GROUPS)
				return ng;
			g[ng].first = i;
			g[ng].count = 0;
			g[ng].matchlen = k;
			g[ng].keylen = strlen(legal[i]);
			ng++;
		}
		g[j].count++;
		g[j].keylen = common_words(legal[g[j].first], legal[i],
		    g[j].keylen);
	}
	return ng;
}

/* The count of the biggest group. */
static size_t
biggest(const struct group *g, size_t ng)
{
	size_t m = 0;

	for (size_t j = 0; j < ng; j++)
		if (g[j].count > m)
			m = g[j].count;
	return m;
}

int
playlist_groups(FILE *f, char *const *legal, size_t n, size_t width,
    int maxlines)
{
	static struct group g[PLAYLIST_MAX_GROUPS];
	size_t ng = make_groups(g, legal, n, 1), shown = 0;
	int lines = 0;
	char line[512];

	/* A very big group ("exchange card": 816): group by more
	   words while the groups still fit ("build settlement", "build
	   road"; "exchange card 1", ...). */
	for (int words = 2; words <= 4 && biggest(g, ng) > 60; words++) {
		size_t ng2 = make_groups(g, legal, n, words);

		if (ng2 + 1 > (size_t)(maxlines > 3 ? maxlines - 1 : 2)) {
			ng = make_groups(g, legal, n, words - 1);
			break;
		}
		ng = ng2;
	}
	if (maxlines < 3)
		maxlines = 3;
	fprintf(f, "You may (Tab completes; 'list' numbers all %zu):\n", n);
	lines++;
	/* The groups, then the single actions, nearest the prompt. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t j = 0; j < ng; j++) {
			const char *a = legal[g[j].first];

			if ((pass == 0) != (g[j].count > 1))
				continue;
			if (lines + 1 >= maxlines && shown + 1 < ng) {
				fprintf(f, "  ... and %zu more kinds ('list')\n",
				    ng - shown);
				return lines + 1;
			}
			if (g[j].count > 1 && g[j].keylen > 0)
				snprintf(line, sizeof line, "  %.*s: %zu choices "
				    "('list %.*s')", (int)g[j].keylen, a,
				    g[j].count, (int)g[j].keylen, a);
			else if (g[j].count > 1)
				snprintf(line, sizeof line, "  %zu choices "
				    "('list')", g[j].count);
			else
				snprintf(line, sizeof line, "  %s", a);
			lines += term_wrap(f, line, width, "      ");
			shown++;
		}
	return lines;
}

size_t
playlist_list(FILE *f, char *const *legal, size_t n, const char *prefix)
{
	size_t plen = strlen(prefix), k = 0;
	int w = n >= 100 ? 3 : n >= 10 ? 2 : 1;

	for (size_t i = 0; i < n; i++) {
		if (plen > 0 && (strncmp(legal[i], prefix, plen) != 0 ||
		    (legal[i][plen] != ' ' && legal[i][plen] != '\0')))
			continue;
		fprintf(f, "  %*zu  %s\n", w, i + 1, legal[i]);
		k++;
	}
	return k;
}

size_t
playlist_page(FILE *f, char *const *legal, size_t n, int rows)
{
	size_t per = rows > 4 ? (size_t)rows - 2 : 2, i = 0;
	int w = n >= 100 ? 3 : n >= 10 ? 2 : 1;

	while (i < n) {
		char prompt[96], *line;
		int stop;

		for (size_t k = 0; k < per && i < n; k++, i++)
			fprintf(f, "  %*zu  %s\n", w, i + 1, legal[i]);
		if (i == n)
			break;
		snprintf(prompt, sizeof prompt, "-- %zu of %zu: Enter for more, "
		    "q to stop -- ", i, n);
		fflush(f);
		if ((line = readline(prompt)) == NULL)
			break;
		stop = line[strspn(line, " ")] == 'q';
		free(line);
		if (stop)
			break;
	}
	return i;
}

/* Tab completion: the next word of the legal actions the line starts. */
static char *
complete_word(const char *text, int state)
{
	static size_t i;
	static char prefix[PLAY_LINE_MAX];
	static const char *const words[] = { "help", "moves", "list",
		"board", "hand", "status", "stats", "hint", "orders", "card",
		"quit", NULL };
	static size_t wi;
	size_t plen, tlen = strlen(text);

	if (state == 0) {
		i = 0;
		wi = 0;
		snprintf(prefix, sizeof prefix, "%.*s", rl_point -
		    (int)tlen > 0 ? rl_point - (int)tlen : 0, rl_line_buffer);
	}
	plen = strlen(prefix);
	if (plen == 0)
		for (; words[wi] != NULL; wi++)
			if (strncmp(words[wi], text, tlen) == 0)
				return strdup(words[wi++]);
	for (; i < nlegal_c; i++) {
		const char *a = legal_c[i], *w, *sp;
		int dup = 0;

		if (strncmp(a, prefix, plen) != 0)
			continue;
		w = a + plen;
		if (strncmp(w, text, tlen) != 0)
			continue;
		sp = strchr(w, ' ');
		/* The same next word as an earlier action: given already. */
		for (size_t j = 0; j < i && !dup; j++)
			dup = strncmp(legal_c[j], a, (size_t)(w - a) +
			    (sp ? (size_t)(sp - w) + 1 : strlen(w) + 1)) == 0;
		if (dup)
			continue;
		i++;
		return sp ? strndup(w, (size_t)(sp - w)) : strdup(w);
	}
	return NULL;
}

static char **
complete(const char *text, int start, int end)
{
	(void)start;
	(void)end;
	rl_attempted_completion_over = 1;
	return rl_completion_matches(text, complete_word);
}

char *
playlist_read_line(int edit, const char *prompt, char *const *legal,
    size_t n)
{
	char buf[PLAY_LINE_MAX], *line;

	if (edit) {
		legal_c = legal;
		nlegal_c = n;
		rl_readline_name = "trigon";
		rl_attempted_completion_function = complete;
		rl_basic_word_break_characters = " ";
		if ((line = readline(prompt)) != NULL && line[0] != '\0')
			add_history(line);
		return line;
	}
	fputs(prompt, stdout);
	fflush(stdout);
	if (fgets(buf, sizeof buf, stdin) == NULL)
		return NULL;
	/* A script's line is shown, so that a transcript reads as a game. */
	fputs(buf, stdout);
	if (strchr(buf, '\n') == NULL)
		putchar('\n');
	return strdup(buf);
}
