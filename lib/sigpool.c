/*
 * sigpool.c -- worker threads checking Ed25519 signatures (sigpool.h).
 *
 * The workers start only once START signatures wait: a thread costs
 * about as much to start as dozens of checks (it zeroes the program's
 * thread-local storage), so a short file is checked by sigpool_drain()
 * on the calling thread, and `trigon status` of a short game starts no
 * thread at all.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "sigpool.h"

#define RING 256
#define MAX_THREADS 8
#define START 192	/* queued checks that start the workers; < RING */

struct job {
	int line, seat, end;
	size_t mlen;
	unsigned char msg[SIGPOOL_MSG_MAX];
	unsigned char sig[64];
	unsigned char pk[32];
};

struct sigpool {
	pthread_mutex_t mu;
	pthread_cond_t nonempty, nonfull, idle;
	struct job *ring;
	size_t head, count;
	int busy, stop;
	int bad_line, bad_seat, bad_end;
	int want, nth, started;
	pthread_t th[MAX_THREADS];
};

/* Keep the first bad signature (the lowest line); p->mu held. */
static void
note_result(struct sigpool *p, const struct job *j, int bad)
{
	if (bad && (p->bad_line == 0 || j->line < p->bad_line)) {
		p->bad_line = j->line;
		p->bad_seat = j->seat;
		p->bad_end = j->end;
	}
}

/* With no worker running: check every queued job here; p->mu held. */
static void
run_queued(struct sigpool *p)
{
	while (p->count > 0) {
		const struct job *j = &p->ring[p->head];

		note_result(p, j, crypto_sign_verify_detached(j->sig, j->msg,
		    j->mlen, j->pk) != 0);
		p->head = (p->head + 1) % RING;
		p->count--;
	}
}

static void *
worker(void *arg)
{
	struct sigpool *p = arg;
	struct job j;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		while (p->count == 0 && !p->stop)
			pthread_cond_wait(&p->nonempty, &p->mu);
		if (p->count == 0) {
			pthread_mutex_unlock(&p->mu);
			return NULL;
		}
		j = p->ring[p->head];
		p->head = (p->head + 1) % RING;
		p->count--;
		p->busy++;
		pthread_cond_signal(&p->nonfull);
		pthread_mutex_unlock(&p->mu);

		int bad = crypto_sign_verify_detached(j.sig, j.msg, j.mlen,
		    j.pk) != 0;

		pthread_mutex_lock(&p->mu);
		note_result(p, &j, bad);
		p->busy--;
		if (p->count == 0 && p->busy == 0)
			pthread_cond_broadcast(&p->idle);
		pthread_mutex_unlock(&p->mu);
	}
}

struct sigpool *
sigpool_new(int nthreads)
{
	struct sigpool *p;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	if (nthreads <= 0) {
		/* The replay is light: it can share a core with a worker. */
		nthreads = ncpu > 1 ? (int)ncpu : 0;
	}
	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	if (nthreads < 1 || (p = calloc(1, sizeof *p)) == NULL)
		return NULL;
	if ((p->ring = malloc(RING * sizeof *p->ring)) == NULL) {
		free(p);
		return NULL;
	}
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->nonempty, NULL);
	pthread_cond_init(&p->nonfull, NULL);
	pthread_cond_init(&p->idle, NULL);
	p->want = nthreads;
	return p;
}

void
sigpool_push(struct sigpool *p, int line, int seat, int end,
    const unsigned char *msg, size_t mlen, const unsigned char sig[64],
    const unsigned char pk[32])
{
	struct job *j;

	pthread_mutex_lock(&p->mu);
	while (p->count == RING)
		pthread_cond_wait(&p->nonfull, &p->mu);
	j = &p->ring[(p->head + p->count) % RING];
	j->line = line;
	j->seat = seat;
	j->end = end;
	j->mlen = mlen < SIGPOOL_MSG_MAX ? mlen : SIGPOOL_MSG_MAX;
	memcpy(j->msg, msg, j->mlen);
	memcpy(j->sig, sig, 64);
	memcpy(j->pk, pk, 32);
	p->count++;
	if (!p->started && p->count >= START) {
		/* Created under p->mu: each waits for it like any worker. */
		p->started = 1;
		for (int i = 0; i < p->want; i++) {
			if (pthread_create(&p->th[i], NULL, worker, p) != 0)
				break;
			p->nth++;
		}
	}
	if (p->started && p->nth == 0)
		run_queued(p);	/* no thread could be made */
	pthread_cond_signal(&p->nonempty);
	pthread_mutex_unlock(&p->mu);
}

int
sigpool_drain(struct sigpool *p, int *seat, int *end)
{
	int line;

	pthread_mutex_lock(&p->mu);
	if (p->nth == 0)
		run_queued(p);
	while (p->count > 0 || p->busy > 0)
		pthread_cond_wait(&p->idle, &p->mu);
	line = p->bad_line;
	*seat = p->bad_seat;
	*end = p->bad_end;
	pthread_mutex_unlock(&p->mu);
	return line;
}

void
sigpool_free(struct sigpool *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->nonempty);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->nth; i++)
		pthread_join(p->th[i], NULL);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->nonempty);
	pthread_cond_destroy(&p->nonfull);
	pthread_cond_destroy(&p->idle);
	free(p->ring);
	free(p);
}
