import { WalletAuthError } from '../errors.js'
import type { WithWalletSignatureOptions } from '../fetch/withWalletSignature.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import type { ServiceClock } from './serviceClock.js'
import type { SessionState } from './sessionState.js'

/** Options of `createSigningKeys`. */
export interface SigningKeysOptions {
  state: SessionState
  /** The device clock. */
  now: () => number
  /** Learns the service's clock offset from the first session that signs. */
  clock: ServiceClock
  /** Whether the service no longer lists `session` among the account's active sessions. */
  endedOnService: (session: StoredSession) => Promise<boolean>
}

/** Which key signs a client's requests, and what happens when the service refuses it. */
export interface SigningKeys {
  /**
   * The session to sign with: the current one while it is unexpired by the service's clock with
   * the margin; `undefined` when there is none; `SESSION_EXPIRED` (and the session forgotten)
   * when the one this page held has ended.
   */
  signingSession(): Promise<StoredSession | undefined>
  /**
   * `getKey` of the client's signed calls: the signing session's key; after a refusal, the key a
   * refresh (of this page or another tab) put in its place, or `SESSION_EXPIRED` when the service
   * has ended the session.
   */
  sessionKey: WithWalletSignatureOptions['getKey']
  /** `getKey` of the calls of a sign-in or refresh themselves: a refusal is theirs to report. */
  changeKey: WithWalletSignatureOptions['getKey']
  /** Runs a change of session (a refresh): a signature refused meanwhile waits for it. */
  changingSession<T>(run: () => Promise<T>): Promise<T>
  /**
   * After the service refused `session` itself (a refresh's 401): `SESSION_EXPIRED` (and the
   * session forgotten) when the service no longer lists it, else `refusal` as it is.
   */
  refusedSession(session: StoredSession, refusal: unknown): Promise<unknown>
}

// The key store's default margin: a session this close to its expiresAt no longer signs (a signed
// retry needs time to arrive; wire-formats section 10).
const SIGNING_MARGIN_MS = 30_000

const sessionEnded = (cause?: unknown) =>
  new WalletAuthError('SESSION_EXPIRED', 'The session has ended (expired or revoked): sign in again.', {
    cause,
  })

/**
 * The signing keys of one client, on its session state.
 *
 * @example
 * ```ts
 * const keys = createSigningKeys({ state, now: Date.now, clock, endedOnService })
 * const signedFetch = withWalletSignature(fetch, { getKey: keys.sessionKey })
 * const refresh = () => keys.changingSession(() => refreshSession())
 * ```
 */
export function createSigningKeys(options: SigningKeysOptions): SigningKeys {
  const { state, now, clock } = options
  // The session this page last signed with or adopted, and whether the last one ended (so every
  // signing says SESSION_EXPIRED, not NO_SESSION_KEY, until the next sign-in or sign-out).
  let known: StoredSession | undefined
  let ended = false
  // Refreshes in flight.
  const changes = new Set<Promise<unknown>>()

  state.onChange((event) => {
    if (event.type === 'signed-in' || event.type === 'refreshed') {
      known = event.session
      ended = false
    } else if (event.type === 'signed-out') {
      known = undefined
      ended = false
    } else if (event.type === 'expired') {
      // Heard wherever it was decided (a timer, the page coming back): signing now says so.
      known = undefined
      ended = true
    }
  })

  const end = async (session: StoredSession) => {
    known = undefined
    await state.forget(session.key.publicKey, 'service')
    ended = true
  }

  async function signingSession() {
    const session = await state.held()
    if (session && msUntilExpiry(session, now()) > SIGNING_MARGIN_MS) {
      known = session
      clock.assume(session.clockOffsetMs)
      return session
    }
    // Too close to its end to sign (the store hides those): it has expired, here and now.
    const last = session ?? known
    if (last) {
      known = undefined
      await state.expire(last.key.publicKey)
      ended = true
      throw sessionEnded()
    }
    if (ended) throw sessionEnded()
    return undefined
  }

  const sessionKey: SigningKeys['sessionKey'] = async ({ refusedKey } = {}) => {
    if (!refusedKey) return (await signingSession())?.key
    // A refresh of this page may have revoked the key that signed: its successor signs once stored.
    // Another tab's may have too, its message not yet here: the store itself is read again.
    await Promise.all(changes)
    await state.sync()
    const session = await signingSession()
    if (!session || session.key.publicKey !== refusedKey.publicKey) return session?.key
    // The same key refused: expired or revoked on the service (then sign in again), or refused
    // for this action only (a credential is revoked by a session of another one): stay signed in.
    if (await options.endedOnService(session)) {
      await end(session)
      throw sessionEnded()
    }
    return session.key
  }

  return {
    signingSession,
    sessionKey,
    changeKey: async ({ refusedKey } = {}) => refusedKey ?? (await signingSession())?.key,
    async refusedSession(session, refusal) {
      if (!(await options.endedOnService(session))) return refusal
      await end(session)
      return sessionEnded(refusal)
    },
    changingSession(run) {
      const change = run()
      const settled = change.then(
        () => {},
        () => {},
      )
      changes.add(settled)
      void settled.then(() => changes.delete(settled))
      return change
    },
  }
}
