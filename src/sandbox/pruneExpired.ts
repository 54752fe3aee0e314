/**
 * Forgets the challenges of `records` (signed-retry 202s, passkey challenges) that expired at or
 * before `expiredBy`, oldest first, stopping at the first one that did not: they are stored in the
 * order they were issued, all with the same lifetime, so they expire in that order. Called as new
 * ones are issued, it keeps the store to the challenges of a lifetime or two instead of every one
 * ever issued; each call removes what has come due, usually nothing or one. After the sandbox clock
 * was set back, a later challenge can expire after an earlier one: the earlier one then waits for
 * it, pruned late, never early.
 *
 * Callers pass their `now` minus a retention (one challenge lifetime): until then a replayed or
 * late `Request-Id` still gets its own 401 ("already used", "expired"); after it, the id is unknown,
 * which is a 401 as well. A challenge past its `expiresAt` can no longer be answered either way.
 *
 * @example
 * ```ts
 * pruneExpired(ctx.store.pendingRequests, now - ctx.config.signedRetryTtlMs)
 * ```
 */
export function pruneExpired(records: Map<string, { expiresAt: number }>, expiredBy: number): void {
  for (const [id, record] of records) {
    if (record.expiresAt > expiredBy) return
    records.delete(id)
  }
}
