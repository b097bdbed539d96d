/*
 * passphrase.c -- reading a passphrase from the terminal (echo off,
 * restored even when a signal arrives), a file, or the environment.
 *
 * The terminal code follows OpenBSD's readpassphrase(3): catch the
 * signals that would leave the terminal without echo, restore it, then
 * deliver them again.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <sodium.h>

#include "passphrase.h"

static const int sigs[] = { SIGALRM, SIGHUP, SIGINT, SIGPIPE, SIGQUIT,
	SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU };
#define NSIGS (sizeof sigs / sizeof sigs[0])
static volatile sig_atomic_t caught[NSIGS];

static void
on_signal(int s)
{
	for (size_t i = 0; i < NSIGS; i++)
		if (sigs[i] == s)
			caught[i] = 1;
}

int
passphrase_read(const char *prompt, char *buf, size_t n, size_t *len,
    struct err *e)
{
	struct sigaction sa, old[NSIGS];
	struct termios term, saved;
	size_t used = 0;
	int fd, echo_off = 0, toolong = 0, rc = 0;
	char c;

	if (n == 0)
		return err_set(e, ERR_USAGE, "no room for a passphrase");
	if ((fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)) < 0)
		return err_set(e, ERR_USAGE, "no terminal to ask for the "
		    "passphrase: %s", strerror(errno));
	for (size_t i = 0; i < NSIGS; i++)
		caught[i] = 0;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: let read() see EINTR */
	sa.sa_handler = on_signal;
	for (size_t i = 0; i < NSIGS; i++)
		sigaction(sigs[i], &sa, &old[i]);

	if (tcgetattr(fd, &saved) == 0) {
		term = saved;
		term.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
		if (tcsetattr(fd, TCSAFLUSH, &term) == 0)
			echo_off = 1;
	}
	if (write(fd, prompt, strlen(prompt)) < 0)
		rc = err_set(e, ERR_IO, "cannot write to the terminal: %s",
		    strerror(errno));
	while (rc == 0) {
		ssize_t r = read(fd, &c, 1);

		if (r < 0 && errno == EINTR) {
			int any = 0;

			for (size_t i = 0; i < NSIGS; i++)
				any |= caught[i];
			if (!any)
				continue;
			rc = err_set(e, ERR_USAGE, "interrupted");
			break;
		}
		if (r < 0) {
			rc = err_set(e, ERR_IO, "cannot read the terminal: %s",
			    strerror(errno));
			break;
		}
		if (r == 0 || c == '\n' || c == '\r')
			break;
		if (used + 1 < n)
			buf[used++] = c;
		else
			toolong = 1;
	}
	c = 0;
	if (echo_off) {
		if (write(fd, "\n", 1) < 0) {
			/* The newline is cosmetic. */
		}
		tcsetattr(fd, TCSAFLUSH, &saved);
	}
	close(fd);
	for (size_t i = 0; i < NSIGS; i++)
		sigaction(sigs[i], &old[i], NULL);
	for (size_t i = 0; i < NSIGS; i++)
		if (caught[i])
			raise(sigs[i]);
	if (rc == 0 && toolong)
		rc = err_set(e, ERR_USAGE, "passphrase too long (at most %zu "
		    "bytes)", n - 1);
	if (rc != 0) {
		sodium_memzero(buf, n);
		return rc;
	}
	buf[used] = '\0';
	*len = used;
	return 0;
}

int
passphrase_from_file(const char *path, char *buf, size_t n, size_t *len,
    struct err *e)
{
	size_t used = 0;
	int fd, toolong = 0;
	char c;

	if (n == 0)
		return err_set(e, ERR_USAGE, "no room for a passphrase");
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0)
		return err_set(e, ERR_IO, "cannot open passphrase file '%s': "
		    "%s", path, strerror(errno));
	for (;;) {
		ssize_t r = read(fd, &c, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int saved = errno;

			close(fd);
			sodium_memzero(buf, n);
			return err_set(e, ERR_IO, "cannot read passphrase "
			    "file '%s': %s", path, strerror(saved));
		}
		if (r == 0 || c == '\n')
			break;
		if (used + 1 < n)
			buf[used++] = c;
		else
			toolong = 1;
	}
	c = 0;
	close(fd);
	if (used > 0 && buf[used - 1] == '\r')
		used--;
	if (toolong) {
		sodium_memzero(buf, n);
		return err_set(e, ERR_USAGE, "passphrase in '%s' too long (at "
		    "most %zu bytes)", path, n - 1);
	}
	if (used == 0) {
		sodium_memzero(buf, n);
		return err_set(e, ERR_USAGE, "passphrase file '%s' is empty",
		    path);
	}
	buf[used] = '\0';
	*len = used;
	return 0;
}

int
passphrase_from_env(char *buf, size_t n, size_t *len, struct err *e)
{
	const char *v = getenv(PASSPHRASE_ENV);
	size_t l;

	if (v == NULL)
		return 0;
	l = strlen(v);
	if (l == 0)
		return err_set(e, ERR_USAGE, "%s is set but empty",
		    PASSPHRASE_ENV);
	if (l + 1 > n)
		return err_set(e, ERR_USAGE, "%s too long (at most %zu bytes)",
		    PASSPHRASE_ENV, n - 1);
	memcpy(buf, v, l + 1);
	*len = l;
	return 1;
}

void
passphrase_tell(const char *msg)
{
	int fd;

	if ((fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)) < 0)
		return;
	if (write(fd, msg, strlen(msg)) < 0) {
		/* Nothing better to do: the next prompt follows. */
	}
	close(fd);
}

int
passphrase_have_tty(void)
{
	int fd;

	/* Only when the user is there: tests and scripts redirect stdin. */
	if (!isatty(STDIN_FILENO))
		return 0;
	if ((fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)) < 0)
		return 0;
	close(fd);
	return 1;
}

int
passphrase_get(const char *file, const char *keyname, int confirm,
    char *buf, size_t n, size_t *len, struct err *e)
{
	char prompt[320], *again;
	size_t againlen;
	int rc;

	if (file != NULL)
		return passphrase_from_file(file, buf, n, len, e);
	if ((rc = passphrase_from_env(buf, n, len, e)) != 0)
		return rc < 0 ? rc : 0;
	if (!passphrase_have_tty())
		return err_set(e, ERR_USAGE, "'%s' needs a passphrase: give "
		    "it with --passphrase-file FILE or in $%s, or run trigon "
		    "on a terminal", keyname, PASSPHRASE_ENV);
	snprintf(prompt, sizeof prompt, "%s for '%s': ",
	    confirm ? "New passphrase" : "Passphrase", keyname);
	if ((rc = passphrase_read(prompt, buf, n, len, e)) != 0)
		return rc;
	if (*len == 0)
		return err_set(e, ERR_USAGE, "empty passphrase%s", confirm ?
		    "; a key without one needs --no-passphrase" : "");
	if (!confirm)
		return 0;
	if ((again = sodium_malloc(n)) == NULL) {
		sodium_memzero(buf, n);
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	rc = passphrase_read("Repeat the passphrase: ", again, n, &againlen,
	    e);
	if (rc == 0 && (againlen != *len ||
	    sodium_memcmp(again, buf, *len) != 0))
		rc = err_set(e, ERR_USAGE, "the passphrases do not match");
	sodium_free(again);
	if (rc != 0)
		sodium_memzero(buf, n);
	return rc;
}
