import type * as z from 'zod/mini'
import type { StoredSession } from '../keys/createKeyStore.js'
import type { SessionKey } from '../keys/sessionKey.js'
import type { RecipientKey } from '../session/generateRecipientKey.js'
import type { VerifiedCredential } from '../session/sessionFromAuthSession.js'
import type { ConfirmAction } from './confirmAction.js'
import { endedOnService } from './endedOnService.js'
import { createJsonCall } from './jsonCall.js'
import { type CallChecks, createPayloadChecks, type PayloadChecks } from './payloadChecks.js'
import { createServiceClock } from './serviceClock.js'
import type { SessionState } from './sessionState.js'
import { createSignedFetches } from './signedFetches.js'
import { createSignIns, type ResponseArrivals } from './signIns.js'
import { createSigningKeys, type SigningKeys } from './signingKeys.js'

/** The client's settings with defaults filled in. */
export interface ClientSettings {
  baseUrl: string
  fetch: typeof fetch
  headerName?: string
  trustedSigners?: readonly string[]
  exportSigners?: readonly string[]
  sessionMode: 'client-held' | 'sealed'
  now: () => number
  confirm?: ConfirmAction
}

/** Options of `ClientContext.call`. */
export interface CallOptions<T> extends CallChecks {
  body?: unknown
  schema?: T
  headers?: Record<string, string>
  fetch?: typeof fetch
}

/** What every method group of the client shares. */
export interface ClientContext
  extends Omit<PayloadChecks, 'expectRequest'>,
    Pick<SigningKeys, 'signingSession' | 'changingSession' | 'refusedSession'> {
  settings: ClientSettings
  state: SessionState
  /** fetch that stamps 202 challenges with the current session key. */
  signedFetch: typeof fetch
  /** A JSON call to `baseUrl + path`, signed when challenged, parsed with `schema` when given. */
  call<T extends z.ZodMiniType>(method: string, path: string, options?: CallOptions<T>): Promise<z.infer<T>>
  /** A fresh key for a sign-in or refresh, in the client's session-key mode. */
  pendingKey(): Promise<{ pendingKey: SessionKey | RecipientKey; clientPublicKey: string }>
  /** Turns a verify or refresh response (from `call`) into the stored current session. */
  finishSignIn(
    response: unknown,
    pendingKey: SessionKey | RecipientKey,
    credential: VerifiedCredential,
    event?: 'signed-in' | 'refreshed',
  ): Promise<StoredSession>
  /** The service's clock minus this device's as last learned (from a session), if known. */
  clockOffsetMs(): Promise<number | undefined>
  /** The service's time by the offset learned so far, `undefined` before one is known. */
  serviceNow(): number | undefined
}

/**
 * Builds the shared context of one client: its payload checks, signing keys, service clock,
 * signed fetches, sign-ins and JSON calls (each in its own file).
 *
 * @example
 * ```ts
 * const ctx = createClientContext(settings, createSessionState({ now, expiringSoonMs, refresh }))
 * const sessions = await ctx.call('GET', `/auth/sessions?accountId=${id}`, { schema: SessionList })
 * ```
 */
export function createClientContext(settings: ClientSettings, state: SessionState): ClientContext {
  // The keys of sign-ins and refreshes in flight (their own calls must not wait for themselves).
  const pendingPublicKeys = new Set<string>()
  const arrivals: ResponseArrivals = new WeakMap()
  // From the last session the service issued to this page (or, after a reload, the stored one).
  const clock = createServiceClock(settings.now)
  const checks = createPayloadChecks({ state, ...(settings.confirm ? { confirm: settings.confirm } : {}) })
  const keys = createSigningKeys({
    state,
    now: settings.now,
    clock,
    endedOnService: (session) => endedOnService(session, { call, fetch: settings.fetch }),
  })
  const fetches = createSignedFetches({ settings, clock, checks, keys })
  const call = createJsonCall({ settings, fetchFor: fetches.fetchFor, pendingPublicKeys, arrivals })

  return {
    ...checks,
    settings,
    state,
    signedFetch: fetches.signedFetch,
    call,
    ...createSignIns({ settings, state, clock, pendingPublicKeys, arrivals }),
    signingSession: keys.signingSession,
    changingSession: keys.changingSession,
    refusedSession: keys.refusedSession,
    async clockOffsetMs() {
      if (clock.offsetMs() === undefined) {
        const session = await state.current().catch(() => undefined)
        clock.assume(session?.clockOffsetMs)
      }
      return clock.offsetMs()
    },
    serviceNow: clock.now,
  }
}
