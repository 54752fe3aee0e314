import * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { type WithWalletSignatureOptions, withWalletSignature } from '../fetch/withWalletSignature.js'
import type { ActivityExpectation, PayloadLeg } from '../intent/activityExpectation.js'
import { checkPayload } from '../intent/checkPayload.js'
import { describePayload, type PayloadDescription } from '../intent/describePayload.js'
import type { Activity } from '../intent/readActivity.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import { generateSessionKey, type SessionKey } from '../keys/sessionKey.js'
import { generateRecipientKey, type RecipientKey } from '../session/generateRecipientKey.js'
import { sessionFromAuthSession, type VerifiedCredential } from '../session/sessionFromAuthSession.js'
import { parseWire } from '../wire/parseWire.js'
import type { ConfirmAction } from './confirmAction.js'
import { requestIntent } from './requestIntent.js'
import type { SessionState } from './sessionState.js'

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

/** What one call adds to the checks of the payloads its request has the session sign. */
export interface CallChecks {
  /**
   * Replaces `requestIntent` for this call: the activities leg `leg` may be, given the activities
   * of the legs signed before it (a flow whose second leg must follow from its first).
   */
  intent?: (leg: number, signed: readonly Activity[]) => ActivityExpectation[]
  /** Asked instead of the client's `confirm` for this call's sensitive signatures. */
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
export interface ClientContext {
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
  /**
   * The session to sign with: the current one while it is unexpired by the service's clock with
   * the margin; `undefined` when there is none; `SESSION_EXPIRED` (and the session forgotten)
   * when the one this page held has ended.
   */
  signingSession(): Promise<StoredSession | undefined>
  /** The service's clock minus this device's as last learned (from a session), if known. */
  clockOffsetMs(): Promise<number | undefined>
  /** The service's time by the offset learned so far, `undefined` before one is known. */
  serviceNow(): number | undefined
  /** Runs a change of session (a refresh): a signature refused meanwhile waits for it. */
  changingSession<T>(run: () => Promise<T>): Promise<T>
  /**
   * Refuses (`PAYLOAD_MISMATCH`) a payload the current session is about to sign unless it is one
   * of `expectations`, in the session's organization (learned from the sign-in, or else fixed by
   * the first payload of the session that meets its request's expectation) and, where it names a
   * wallet (`signWith`), the account's wallet (fixed by the first payload that names one).
   */
  expectActivity(payloadToSign: string, expectations: readonly ActivityExpectation[]): Promise<Activity>
  /**
   * Asks `confirm` (else the client's) about a sensitive action (an export, a credential or contact
   * change, a payment, a delegated key); `CONFIRMATION_DECLINED` unless it answers `true`. Other
   * actions, and a client with no `confirm`, pass unasked.
   */
  confirm(description: PayloadDescription, confirm?: ConfirmAction): Promise<void>
  /** The organization a session's payloads must name, once known. */
  organizationOf(sessionPublicKey: string): string | undefined
  /** Records the organization of a session (from a signed bundle, or the session it refreshed). */
  learnOrganization(sessionPublicKey: string, organizationId: string | undefined): void
}

// The key store's default margin: a session this close to its expiresAt no longer signs (a signed
// retry needs time to arrive; wire-formats section 10).
const SIGNING_MARGIN_MS = 30_000

// What the confirm hook is asked about: the wallet or its money leaving, how one signs in, and who
// else may sign for the wallet.
const CONFIRMED_ACTIONS = new Set([
  'export',
  'add-credential',
  'remove-credential',
  'change-contact',
  'pay',
  'delegate',
])

const SessionIds = z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) })

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** A request body as JSON, `undefined` when there is none or it is not JSON. */
function jsonBody(body: Uint8Array | undefined): unknown {
  try {
    return body?.length ? JSON.parse(new TextDecoder().decode(body)) : undefined
  } catch {
    return undefined
  }
}

const sessionEnded = () =>
  new WalletAuthError('SESSION_EXPIRED', 'The session has ended (expired or revoked): sign in again.')

/** Builds the shared context of one client. */
export function createClientContext(settings: ClientSettings, state: SessionState): ClientContext {
  const base = settings.baseUrl.replace(/\/+$/, '')
  // The service's clock minus this device's: from the last session the service issued to this
  // page (or, after a reload, the stored one). Unknown until then.
  let offset: number | undefined
  // The session this page last signed with or adopted, and whether the last one ended (so every
  // signing says SESSION_EXPIRED, not NO_SESSION_KEY, until the next sign-in or sign-out).
  let known: StoredSession | undefined
  let ended = false
  // Refreshes in flight, and the keys of sign-ins and refreshes in flight (their own calls must
  // not wait for themselves).
  const changes = new Set<Promise<unknown>>()
  const pendingPublicKeys = new Set<string>()
  // When each parsed response arrived, and its Date header, for the clock offset.
  const arrivals = new WeakMap<object, { receivedAt: number; date: string | null }>()
  // Session public key -> the organization its payloads name.
  const organizations = new Map<string, string>()
  // Account id -> the wallet (`signWith`) its payloads name.
  const wallets = new Map<string, string>()
  // The activities signed so far in each signed request's flow.
  const signedLegs = new WeakMap<Request, Activity[]>()

  async function expectActivity(payloadToSign: string, expectations: readonly ActivityExpectation[]) {
    const session = await state.held().catch(() => undefined)
    const organizationId = session ? organizations.get(session.key.publicKey) : undefined
    const activity = checkPayload(
      payloadToSign,
      organizationId === undefined ? expectations : expectations.map((e) => ({ ...e, organizationId })),
    )
    if (!session) return activity
    if (organizationId === undefined) organizations.set(session.key.publicKey, activity.organizationId)
    const { signWith } = activity.parameters
    if (typeof signWith !== 'string') return activity
    const wallet = wallets.get(session.accountId)
    if (wallet !== undefined && wallet !== signWith) {
      throw new WalletAuthError('PAYLOAD_MISMATCH', "The activity names another wallet than the session's.", {
        details: { field: 'parameters.signWith', expected: wallet, received: signWith },
      })
    }
    wallets.set(session.accountId, signWith)
    return activity
  }

  async function confirm(description: PayloadDescription, ask = settings.confirm) {
    if (!ask || !CONFIRMED_ACTIONS.has(description.action) || (await ask(description)) === true) return
    throw new WalletAuthError('CONFIRMATION_DECLINED', 'The user did not confirm this action.', {
      details: { action: description.action },
    })
  }

  /**
   * Every leg of every signed request: held to what the call expects (`checks.intent`), else to
   * what the request itself sent (`requestIntent`), then confirmed where it is sensitive.
   */
  async function expectRequest(payloadToSign: string, leg: PayloadLeg, checks: CallChecks) {
    // One Request object carries every leg of one flow.
    const signed = signedLegs.get(leg.request) ?? []
    signedLegs.set(leg.request, signed)
    const before = signed.slice(0, leg.index)
    const expectations = checks.intent
      ? checks.intent(leg.index, before)
      : requestIntent({
          method: leg.request.method,
          path: new URL(leg.request.url).pathname,
          body: jsonBody(leg.body),
          leg: leg.index,
          signed: before,
        })
    signed[leg.index] = await expectActivity(payloadToSign, expectations)
    await confirm(describePayload(payloadToSign), checks.confirm ?? settings.confirm)
  }

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
    if (session && msUntilExpiry(session, settings.now()) > SIGNING_MARGIN_MS) {
      known = session
      if (offset === undefined) offset = session.clockOffsetMs
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

  const serviceNow = () => (offset === undefined ? undefined : settings.now() + offset)
  /** A signed fetch whose payloads are held to `checks`, for one call (or, without any, every call). */
  const signedWith = (checks: CallChecks, getKey: WithWalletSignatureOptions['getKey']) =>
    withWalletSignature(settings.fetch, {
      now: serviceNow,
      expect: (payloadToSign, leg) => expectRequest(payloadToSign, leg, checks),
      ...(settings.headerName ? { headerName: settings.headerName } : {}),
      getKey,
    })
  const sessionKey: WithWalletSignatureOptions['getKey'] = async ({ refusedKey } = {}) => {
    if (!refusedKey) return (await signingSession())?.key
    // A refresh of this page may have revoked the key that signed: its successor signs once stored.
    // Another tab's may have too, its message not yet here: the store itself is read again.
    await Promise.all(changes)
    await state.sync()
    const session = await signingSession()
    if (!session || session.key.publicKey !== refusedKey.publicKey) return session?.key
    // The same key refused: expired or revoked on the service (then sign in again), or refused
    // for this action only (a credential is revoked by a session of another one): stay signed in.
    if (await endedOnService(session)) {
      await end(session)
      throw sessionEnded()
    }
    return session.key
  }
  const signedFetch = signedWith({}, sessionKey)
  // For the calls of a sign-in or refresh themselves: a refusal is theirs to report.
  const changeKey: WithWalletSignatureOptions['getKey'] = async ({ refusedKey } = {}) =>
    refusedKey ?? (await signingSession())?.key
  const changeFetch = signedWith({}, changeKey)

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
      (partOfChange ? changeFetch : checked ? signedWith(ownChecks, sessionKey) : signedFetch)
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
      // The newest measure wins: the device clock may have been set since the last one.
      if (metadata.clockOffsetMs !== undefined) offset = metadata.clockOffsetMs
      return state.adopt(key, metadata, event)
    },
    signingSession,
    async clockOffsetMs() {
      if (offset === undefined) {
        const session = await state.current().catch(() => undefined)
        if (offset === undefined) offset = session?.clockOffsetMs
      }
      return offset
    },
    serviceNow,
    expectActivity,
    confirm,
    organizationOf: (publicKey) => organizations.get(publicKey),
    learnOrganization(publicKey, organizationId) {
      if (organizationId !== undefined) organizations.set(publicKey, organizationId)
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
