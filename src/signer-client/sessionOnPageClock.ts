/** A session as the signer sends it: the members this reads. */
interface SentSession {
  expiresAt: string
  clockOffsetMs?: number
  key: unknown
}

const isSession = (value: unknown): value is SentSession =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SentSession).expiresAt === 'string' &&
  typeof (value as SentSession).key === 'object'

const rebased = (session: SentSession, skewMs: number): SentSession => ({
  ...session,
  clockOffsetMs: (session.clockOffsetMs ?? 0) + skewMs,
})

/**
 * `value` from the signer (a call's result, or an event carrying `session`) with any session's
 * `clockOffsetMs` made relative to the page's clock. The signer measured the offset against its own
 * clock (the service's time is the signer's `now` plus the offset), and the page reads a session's
 * end against its own `now`, which need not agree (a page that follows a sandbox's moved clock, a
 * page given another `now`). `skewMs` is the signer's clock minus the page's when the value was sent.
 *
 * @example
 * ```ts
 * const value = sessionOnPageClock(message.value, message.now - now())
 * ```
 */
export function sessionOnPageClock(value: unknown, skewMs: number): unknown {
  if (!Number.isFinite(skewMs)) return value
  if (isSession(value)) return rebased(value, skewMs)
  if (typeof value === 'object' && value !== null && isSession((value as { session?: unknown }).session)) {
    const { session } = value as { session: SentSession }
    return { ...value, session: rebased(session, skewMs) }
  }
  return value
}
