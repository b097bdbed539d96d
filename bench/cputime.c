/*
 * bench/cputime.c -- the CPU time of a command, for bench/startup.bench.sh.
 * Not part of trigon.
 *
 *   cputime RUNS COMMAND [ARG ...]
 *
 * Runs COMMAND RUNS times in turn, its output thrown away, and prints
 * the mean user + system CPU time of one run in microseconds, as the
 * kernel accounts it to the child (wait4's rusage: microseconds, where
 * /usr/bin/time rounds to 10 ms, longer than a whole start-up).  Exits
 * 1 when a run fails to start or exits non-zero.
 */
#define _DEFAULT_SOURCE	/* wait4 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static long long
run_once(char **argv)
{
	struct rusage ru;
	pid_t pid;
	int st, fd;

	if ((pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		if ((fd = open("/dev/null", O_WRONLY)) >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return -1;
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
	    ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

int
main(int argc, char **argv)
{
	long long sum = 0, t;
	int runs, i;

	if (argc < 3 || (runs = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: cputime RUNS COMMAND [ARG ...]\n");
		return 2;
	}
	for (i = 0; i < runs; i++) {
		if ((t = run_once(argv + 2)) < 0) {
			fprintf(stderr, "cputime: %s failed\n", argv[2]);
			return 1;
		}
		sum += t;
	}
	printf("%lld\n", sum / runs);
	return 0;
}
