import type { StoredSession } from '../keys/createKeyStore.js'

/**
 * Where a sign-out came from: `here` (this page signed out or revoked its own session),
 * `elsewhere` (another tab or window of the origin signed out, or wiped the key store) or
 * `service` (the service no longer knows the session: revoked from another device, or ended).
 */
export type SignOutOrigin = 'here' | 'elsewhere' | 'service'

/**
 * What `onChange` listeners hear. `signed-out` says where it came from in `origin` (the kit
 * always sets it; absent only from events made by hand, where it reads as `here`).
 *
 * @example
 * ```ts
 * auth.onChange((event: WalletAuthEvent) => {
 *   if (event.type === 'signed-out' && event.origin === 'elsewhere') showSignedOutInAnotherTab()
 * })
 * ```
 */
export type WalletAuthEvent =
  | { type: 'signed-in'; session: StoredSession }
  | { type: 'refreshed'; session: StoredSession }
  | { type: 'expiring-soon'; session: StoredSession }
  | { type: 'expired'; session: StoredSession }
  | { type: 'signed-out'; origin?: SignOutOrigin }
