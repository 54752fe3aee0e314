import type { StoredSession } from '../keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../keys/sessionKey.js'
import { generateRecipientKey, type RecipientKey } from '../session/generateRecipientKey.js'
import { sessionFromAuthSession, type VerifiedCredential } from '../session/sessionFromAuthSession.js'
import { isPlainObject } from '../wire/isPlainObject.js'
import type { ClientContext, ClientSettings } from './clientContext.js'
import type { ServiceClock } from './serviceClock.js'
import type { SessionState } from './sessionState.js'

/** When a parsed response arrived, and its Date header, for the clock offset. */
export type ResponseArrivals = WeakMap<object, { receivedAt: number; date: string | null }>

/** Options of `createSignIns`. */
export interface SignInsOptions {
  settings: ClientSettings
  state: SessionState
  clock: ServiceClock
  /** The keys of sign-ins and refreshes in flight: each is added here, its call removes it. */
  pendingPublicKeys: Set<string>
  /** Noted by the calls, read here. */
  arrivals: ResponseArrivals
}

/**
 * The sign-ins and refreshes of a client: their fresh keys (pending until their call is made) and
 * their responses turned into the stored current session (with the clock offset their arrival tells).
 *
 * @example
 * ```ts
 * const signIns = createSignIns({ settings, state, clock, pendingPublicKeys, arrivals })
 * const { pendingKey, clientPublicKey } = await signIns.pendingKey()
 * const session = await signIns.finishSignIn(await call('POST', path, { body }), pendingKey, credential)
 * ```
 */
export function createSignIns({ settings, state, clock, pendingPublicKeys, arrivals }: SignInsOptions) {
  return {
    /** A fresh key for a sign-in or refresh, in the client's session-key mode. */
    async pendingKey(): ReturnType<ClientContext['pendingKey']> {
      if (settings.sessionMode === 'sealed') {
        const recipient = await generateRecipientKey()
        pendingPublicKeys.add(recipient.publicKeyUncompressed)
        return { pendingKey: recipient, clientPublicKey: recipient.publicKeyUncompressed }
      }
      const key = await generateSessionKey()
      pendingPublicKeys.add(key.publicKey)
      return { pendingKey: key, clientPublicKey: key.publicKey }
    },
    /** Turns a verify or refresh response (from `call`) into the stored current session. */
    async finishSignIn(
      response: unknown,
      pendingKey: SessionKey | RecipientKey,
      credential: VerifiedCredential,
      event: 'signed-in' | 'refreshed' = 'signed-in',
    ): Promise<StoredSession> {
      const arrival = isPlainObject(response) ? arrivals.get(response) : undefined
      const { key, metadata } = await sessionFromAuthSession({
        response,
        pendingKey,
        credential,
        receivedAt: arrival?.receivedAt ?? settings.now(),
        date: arrival?.date ?? null,
      })
      clock.learn(metadata.clockOffsetMs)
      return state.adopt(key, metadata, event)
    },
  }
}
