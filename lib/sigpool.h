/*
 * sigpool.h -- checking Ed25519 signatures on worker threads while the
 * save-file reader replays the game (save_read_fd).  Signature checks
 * are nearly all of verify's work and independent of the replay, so on
 * a machine with two or more cores they run beside it.  Jobs are
 * copied into a bounded ring (memory stays bounded); the pool remembers
 * the lowest line whose signature failed.
 */
#ifndef TRIGON_SIGPOOL_H
#define TRIGON_SIGPOOL_H

#include <stddef.h>

#define SIGPOOL_MSG_MAX 640

struct sigpool;

/* A pool of up to nthreads workers (0: one per online CPU but one, at
 * most 8), or NULL when threads are not worth it or cannot be made. */
struct sigpool *sigpool_new(int nthreads);
/* Queue one check (waits while the ring is full). */
void sigpool_push(struct sigpool *p, int line, int seat, int end,
    const unsigned char *msg, size_t mlen, const unsigned char sig[64],
    const unsigned char pk[32]);
/* Wait for every queued check; the lowest failing line (its seat and
 * whether it was an end line), or 0 when all were good. */
int sigpool_drain(struct sigpool *p, int *seat, int *end);
void sigpool_free(struct sigpool *p);

#endif
