import * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { type WithWalletSignatureOptions, withWalletSignature } from '../fetch/withWalletSignature.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../keys/sessionKey.js'
import { generateRecipientKey, type RecipientKey } from '../session/generateRecipientKey.js'
import { sessionFromAuthSession, type VerifiedCredential } from '../session/sessionFromAuthSession.js'
import { parseWire } from '../wire/parseWire.js'
import type { ConfirmAction } from './confirmAction.js'
import { type CallChecks, createPayloadChecks, type PayloadChecks } from './payloadChecks.js'
import { createServiceClock } from './serviceClock.js'
import type { SessionState } from './sessionState.js'
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

const SessionIds = z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) })

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Builds the shared context of one client: its payload checks, signing keys and service clock
 * (each in its own file), and the JSON calls and sign-ins built on them.
 *
 * @example
 * ```ts
 * const ctx = createClientContext(settings, createSessionState({ now, expiringSoonMs, refresh }))
 * const sessions = await ctx.call('GET', `/auth/sessions?accountId=${id}`, { schema: SessionList })
 * ```
 */
export function createClientContext(settings: ClientSettings, state: SessionState): ClientContext {
  const base = settings.baseUrl.replace(/\/+$/, '')
  // The keys of sign-ins and refreshes in flight (their own calls must not wait for themselves).
  const pendingPublicKeys = new Set<string>()
  // When each parsed response arrived, and its Date header, for the clock offset.
  const arrivals = new WeakMap<object, { receivedAt: number; date: string | null }>()
  // From the last session the service issued to this page (or, after a reload, the stored one).
  const clock = createServiceClock(settings.now)
  const checks = createPayloadChecks({ state, ...(settings.confirm ? { confirm: settings.confirm } : {}) })
  const keys = createSigningKeys({ state, now: settings.now, clock, endedOnService })

  /** Whether the service no longer lists `session` among the account's active sessions. */
  async function endedOnService(session: StoredSession) {
    if (!session.sessionId) return false
    try {
      const query = `?accountId=${encodeURIComponent(session.accountId)}`
      const { data } = await call('GET', `/auth/sessions${query}`, {
        schema: SessionIds,
        fetch: settings.fetch,
      })
      return !data.some((listed) => listed.id === session.sessionId)
    } catch {
      // Unknown: never sign out on a doubt.
      return false
    }
  }

  /** A signed fetch whose payloads are held to `checks`, for one call (or, without any, every call). */
  const signedWith = (own: CallChecks, getKey: WithWalletSignatureOptions['getKey']) =>
    withWalletSignature(settings.fetch, {
      now: clock.now,
      expect: (payloadToSign, leg) => checks.expectRequest(payloadToSign, leg, own),
      ...(settings.headerName ? { headerName: settings.headerName } : {}),
      getKey,
    })
  const signedFetch = signedWith({}, keys.sessionKey)
  // For the calls of a sign-in or refresh themselves: a refusal is theirs to report.
  const changeFetch = signedWith({}, keys.changeKey)

  async function call<T extends z.ZodMiniType>(
    method: string,
    path: string,
    options: CallOptions<T> = {},
  ): Promise<z.infer<T>> {
    const ownKey = isObject(options.body) ? options.body.clientPublicKey : undefined
    const partOfChange = typeof ownKey === 'string' && pendingPublicKeys.has(ownKey)
    const { intent, confirm: ask } = options
    const ownChecks = { ...(intent ? { intent } : {}), ...(ask ? { confirm: ask } : {}) }
    const checked = intent !== undefined || ask !== undefined
    const send =
      options.fetch ??
      (partOfChange ? changeFetch : checked ? signedWith(ownChecks, keys.sessionKey) : signedFetch)
    const what = `${method} ${path.split('?')[0]}`
    let response: Response
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      })
    } catch (cause) {
      if (cause instanceof WalletAuthError) throw cause
      throw new WalletAuthError('NETWORK_ERROR', `${what} did not reach the server.`, { cause })
    } finally {
      if (partOfChange) pendingPublicKeys.delete(ownKey)
    }
    const receivedAt = settings.now()
    if (!options.schema) return undefined as never
    let body: unknown
    try {
      body = await response.json()
    } catch (cause) {
      throw new WalletAuthError('INVALID_RESPONSE', `${what} answered ${response.status} without JSON.`, {
        cause,
      })
    }
    const parsed = parseWire(options.schema, body, what)
    if (isObject(parsed)) arrivals.set(parsed, { receivedAt, date: response.headers.get('Date') })
    return parsed
  }

  return {
    ...checks,
    settings,
    state,
    signedFetch,
    call,
    async pendingKey() {
      if (settings.sessionMode === 'sealed') {
        const recipient = await generateRecipientKey()
        pendingPublicKeys.add(recipient.publicKeyUncompressed)
        return { pendingKey: recipient, clientPublicKey: recipient.publicKeyUncompressed }
      }
      const key = await generateSessionKey()
      pendingPublicKeys.add(key.publicKey)
      return { pendingKey: key, clientPublicKey: key.publicKey }
    },
    async finishSignIn(response, pendingKey, credential, event = 'signed-in') {
      const arrival = isObject(response) ? arrivals.get(response) : undefined
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
