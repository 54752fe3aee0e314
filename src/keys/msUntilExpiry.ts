import type { SessionMetadata } from './createKeyStore.js'

/**
 * Milliseconds until `session` expires by the service's clock: its `expiresAt` minus the device's
 * `now` corrected by the session's `clockOffsetMs` (a device clock minutes off decides as the
 * service would). `NaN` (an unreadable `expiresAt`) compares as already expired.
 *
 * @example
 * ```ts
 * if (!(msUntilExpiry(session, Date.now()) > 30_000)) await signInAgain()
 * ```
 */
export function msUntilExpiry(
  session: Pick<SessionMetadata, 'expiresAt' | 'clockOffsetMs'>,
  now: number,
): number {
  return Date.parse(session.expiresAt) - (now + (session.clockOffsetMs ?? 0))
}
