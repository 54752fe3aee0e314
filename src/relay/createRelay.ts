import { WalletAuthError } from '../errors.js'
import { WALLET_SIGNATURE_HEADER } from '../stamp/stamp.js'
import { browserAnswer } from './browserAnswer.js'
import type { ChallengeStore } from './challengeStore.js'
import { CONFIRMED_OPERATIONS, type ConfirmedOperation } from './confirmedOperations.js'
import { createMemoryChallengeStore } from './createMemoryChallengeStore.js'
import { createMemoryOwnershipStore } from './createMemoryOwnershipStore.js'
import type {
  PasskeyRegistrationChallenges,
  PasskeyRegistrationCheck,
} from './createPasskeyRegistrationOptions.js'
import { learnOwnership } from './learnOwnership.js'
import { learnSessionKey } from './learnSessionKey.js'
import { OPERATION_RULES } from './operationRules.js'
import { createOwnershipLookup, type RelayAuthorizeContext } from './ownershipLookup.js'
import type { OwnershipStore } from './ownershipStore.js'
import { readBodyBytes } from './readBodyBytes.js'
import { type ConfirmationRequest, createRelayConfirmations } from './relayConfirmations.js'
import { RELAY_OPERATIONS, type RelayOperation } from './relayOperations.js'
import { RelayRefusal } from './relayRefusal.js'
import { compileRoutes, matchRoute, routePath } from './relayRoutes.js'
import { type RelayTarget, TARGET_KEYS } from './relayTarget.js'
import { requireJsonBody } from './requireJsonBody.js'
import { resolveTarget } from './resolveTarget.js'
import { readIdempotencyKey, scopedIdempotencyKey } from './scopedIdempotencyKey.js'

/** A standard request handler: what `createRelay` returns and every adapter wraps. */
export type Relay = (request: Request) => Promise<Response>

/**
 * The integrator's say on each request: may the signed-in user (known from `request`, e.g. its
 * session cookie) touch what `target` names? Only `true` lets the request through; `false`, any
 * other value or a throw is a 403. The request's body is already read: use `target.body`.
 * Ids the integrator does not store itself (credentials, sessions, quotes) can be resolved with
 * `context.isOwnedBy(customerId)`, or from the integrator's own records.
 */
export type RelayAuthorize = (
  request: Request,
  target: RelayTarget,
  context: RelayAuthorizeContext,
) => boolean | Promise<boolean>

/** Options of `createRelay`. */
export interface RelayOptions {
  /** The service's base URL, version segment included: `https://api.example/2025-10-13`. */
  baseUrl: string
  /** HTTP Basic user name (the API client id). */
  clientId: string
  /**
   * HTTP Basic password (the API secret). Never leaves the relay. It also keys the `Idempotency-Key`
   * the relay sends for the browser's, so a retry sent across a change of secret is not deduplicated.
   */
  clientSecret: string
  /** Decides per request; see `RelayAuthorize`. Without it every request is refused (403). */
  authorize: RelayAuthorize
  /**
   * The operations forwarded: `RELAY_OPERATIONS` (the default) or some of them. An operation not in
   * `RELAY_OPERATIONS` throws `INVALID_ARGUMENT`: the relay checks every query and body against
   * rules it holds for each of its operations, and has none for others.
   */
  allow?: readonly RelayOperation[]
  /** The path the relay is mounted under, stripped before matching, e.g. `'/wallet'`. Default `''`. */
  prefix?: string
  /** How to reach the service. Default `globalThis.fetch`; tests pass `sandbox.fetch`. */
  fetch?: (request: Request) => Promise<Response>
  /**
   * Checks every PASSKEY `POST /auth/credentials` against the challenges it issued (400
   * `INVALID_REGISTRATION`; 503 `SERVICE_UNAVAILABLE` when its store fails). The challenge is
   * taken before the request goes on and given back unless the service registered the passkey.
   */
  passkeyRegistration?: Pick<PasskeyRegistrationChallenges, 'check' | 'release'>
  /** The wallet-signature header, if the service names it otherwise. Default `Service-Wallet-Signature`. */
  headerName?: string
  /** Largest request body accepted, in bytes (else 413). Default 64 KiB. */
  maxBodyBytes?: number
  /** Told about hook throws, service failures and relay bugs (which the client sees only as a status). */
  onError?: (error: unknown) => void
  /**
   * Where `isOwnedBy` keeps the ownership it proved or saw in the service's answers (positive
   * answers only: an id's owner never changes, and an ended session is the service's to refuse),
   * so a customer's ids are looked up once. Default: this relay's own
   * `createMemoryOwnershipStore()`; behind a load balancer, `createRedisOwnershipStore` shares it.
   */
  ownershipStore?: OwnershipStore
  /**
   * Where the relay keeps the confirmations it issued (`CONFIRMED_OPERATIONS`) until their signed
   * retry takes them, single-use, and a passkey sign-in's challenge until its verification. Default:
   * this relay's own `createMemoryChallengeStore()`; behind a load balancer, a shared one
   * (`createRedisChallengeStore`), since the retry may reach another instance.
   */
  challengeStore?: ChallengeStore
  /** How long a confirmation may be signed, in ms. Default 5 minutes. */
  confirmationTtlMs?: number
  /** The relay's clock, for confirmations. Default `Date.now`. */
  now?: () => number
  /**
   * UNSAFE: operations of `CONFIRMED_OPERATIONS` forwarded on the integrator's hook alone, with no
   * confirmation by the customer's session key. A script that has only the app's session cookie
   * (an XSS, a compromised dependency) can then remove the customer's SCA factors and enrol its
   * own, or move the phone or email its SCA codes go to, and approve payments with them. Default:
   * none, every one is confirmed.
   */
  unsafeUnconfirmedOperations?: readonly ConfirmedOperation[]
}

const RESPONSE_HEADERS = ['Content-Type', 'Retry-After']
const NULL_BODY_STATUSES = new Set([204, 205, 304])

function basicAuthorization(clientId: string, clientSecret: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(`${clientId}:${clientSecret}`))
    binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

function invalidOption(message: string): WalletAuthError {
  return new WalletAuthError('INVALID_ARGUMENT', `createRelay: ${message}`)
}

/**
 * The integrator backend's relay to the service: the browser calls it instead of the service, and
 * it adds the API secret. It forwards only the allowed operations (others: 404
 * `REFERENCE_NOT_FOUND`), checks each query and body against the operation's contract (unknown
 * parameters or members, missing ones, a body where none is defined, a real-time-funding quote
 * naming no `source.customerId`: 400 `INVALID_INPUT`), asks `authorize` about the ids the request
 * names in the fields the service acts on (no hook or no approval: 403; a request naming no id,
 * `GET /exchange-rates`, is the hook's alone to approve, `isOwnedBy` answering `false`), takes only bodies declared
 * as `application/json` in UTF-8 (anything else, `text/plain` and no type included, is 415
 * `UNSUPPORTED_MEDIA_TYPE`: a cross-site page can post those without asking), and sends them
 * on byte for byte (signed retries depend on it) as `application/json`, passes only `Accept`, the wallet signature
 * (under `headerName`) and `Request-Id` on, replaces the browser's `Idempotency-Key` (1 to 255
 * printable ASCII characters, else 400 `INVALID_INPUT`) by one scoped to the operation and what the
 * hook approved (`scopedIdempotencyKey`: one customer's key never answers or blocks another's
 * request), and returns the service's status and
 * body with only `Content-Type` (a JSON type; another is 502) and `Retry-After`, plus
 * `X-Content-Type-Options: nosniff` and `Cache-Control: no-store` on every answer. The acts the
 * service carries out on the API secret alone (`CONFIRMED_OPERATIONS`: an SCA factor's enrolment,
 * removal or reset's completion, a contact change) go on only once a live session key of the customer signed the relay's
 * own challenge for exactly that act (else 403 `CONFIRMATION_REQUIRED`). Its own
 * refusals are the service's Error object, with the service's codes where one fits. Works wherever `Request`/`Response`
 * exist; `toNodeHandler` and `toExpressMiddleware` adapt it to Node, and on Hono it is one line:
 * `app.all('/wallet/*', (c) => relay(c.req.raw))`.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { createRelay, toNodeHandler } from 'embedded-wallet-auth/relay'
 *
 * declare function userFromSessionCookie(
 *   request: Request,
 * ): Promise<{ customerId: string; accountId: string } | undefined>
 * const { CLIENT_ID, CLIENT_SECRET } = process.env
 * if (!CLIENT_ID || !CLIENT_SECRET) throw new Error('Set CLIENT_ID and CLIENT_SECRET')
 * const relay = createRelay({
 *   baseUrl: 'https://api.example/2025-10-13',
 *   clientId: CLIENT_ID,
 *   clientSecret: CLIENT_SECRET,
 *   prefix: '/wallet',
 *   authorize: async (request, target, { isOwnedBy }) => {
 *     const user = await userFromSessionCookie(request)
 *     if (user === undefined) return false
 *     // Indicative rates name no one (isOwnedBy answers false): any signed-in user may see them.
 *     if (target.operation === 'GET /exchange-rates') return true
 *     return isOwnedBy(user.customerId, { accountIds: [user.accountId] })
 *   },
 * })
 * createServer(toNodeHandler(relay)).listen(3000)
 * ```
 */
export function createRelay(options: RelayOptions): Relay {
  const {
    baseUrl,
    clientId,
    clientSecret,
    authorize,
    allow = RELAY_OPERATIONS,
    prefix = '',
    fetch: fetchUpstream = (request: Request) => globalThis.fetch(request),
    passkeyRegistration,
    headerName = WALLET_SIGNATURE_HEADER,
    maxBodyBytes = 64 * 1024,
    onError = (error: unknown) => console.error('embedded-wallet-auth/relay:', error),
    ownershipStore = createMemoryOwnershipStore(),
    challengeStore = createMemoryChallengeStore(),
    confirmationTtlMs = 5 * 60_000,
    now = Date.now,
    unsafeUnconfirmedOperations = [],
  } = options
  let base: URL
  try {
    base = new URL(baseUrl)
  } catch (cause) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'createRelay: baseUrl is not a URL.', { cause })
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw invalidOption('baseUrl must be http(s).')
  if (base.search || base.hash || base.username || base.password) {
    throw invalidOption('baseUrl takes no query, fragment or credentials (they go in clientId/clientSecret).')
  }
  if (typeof clientId !== 'string' || typeof clientSecret !== 'string' || !clientId || !clientSecret) {
    throw invalidOption('clientId and clientSecret are required.')
  }
  if (typeof prefix !== 'string' || (prefix !== '' && (!prefix.startsWith('/') || prefix.endsWith('/')))) {
    throw invalidOption("prefix is '' or a path like '/wallet' (no trailing slash).")
  }
  if (!(maxBodyBytes > 0)) throw invalidOption('maxBodyBytes must be positive.')
  const upstreamBase = base.href.replace(/\/+$/, '')
  for (const operation of allow as readonly string[]) {
    if (!(RELAY_OPERATIONS as readonly string[]).includes(operation)) {
      throw invalidOption(`allow names ${JSON.stringify(operation)}, which is not one of RELAY_OPERATIONS.`)
    }
  }
  if (!(confirmationTtlMs > 0)) throw invalidOption('confirmationTtlMs must be positive.')
  for (const operation of unsafeUnconfirmedOperations as readonly string[]) {
    if (!(CONFIRMED_OPERATIONS as readonly string[]).includes(operation)) {
      throw invalidOption(
        `unsafeUnconfirmedOperations names ${JSON.stringify(operation)}, which is not one of CONFIRMED_OPERATIONS.`,
      )
    }
  }
  const confirmed = new Set<string>(
    CONFIRMED_OPERATIONS.filter((operation) => !unsafeUnconfirmedOperations.includes(operation)),
  )
  const routes = compileRoutes(allow)
  const authorization = basicAuthorization(clientId, clientSecret)
  const forwardedHeaders = ['Accept', headerName, 'Request-Id']
  const scopeIdempotencyKey = scopedIdempotencyKey(clientSecret)

  /**
   * The key the service gets for the browser's: scoped to the operation, the ids the hook approved
   * and the customers `isOwnedBy` found owning them. A request that names no id (none does today)
   * sends none: the relay could not keep customers apart.
   */
  const upstreamIdempotencyKey = async (
    target: RelayTarget,
    owners: ReadonlyMap<string, string>,
    key: string | undefined,
  ): Promise<string | undefined> => {
    if (key === undefined) return undefined
    const ids = TARGET_KEYS.flatMap((name) => (target[name] === undefined ? [] : [`${name}=${target[name]}`]))
    if (ids.length === 0) return undefined
    const customers = [...owners.keys()].sort().map((customerId) => `owner=${customerId}`)
    return scopeIdempotencyKey(target.operation, [...ids, ...customers], key)
  }

  const send = async (
    path: string,
    init: { method: string; headers: Headers; body?: Uint8Array<ArrayBuffer>; signal?: AbortSignal },
  ) => {
    init.headers.set('Authorization', authorization)
    try {
      // Redirects are not followed: they would carry the API secret wherever they point.
      return await fetchUpstream(new Request(`${upstreamBase}${path}`, { ...init, redirect: 'manual' }))
    } catch (error) {
      onError(error)
      throw new RelayRefusal(502, 'BAD_GATEWAY', 'The service could not be reached.')
    }
  }

  const serviceGet = async (path: string, signal: AbortSignal): Promise<unknown> => {
    const response = await send(path, {
      method: 'GET',
      headers: new Headers({ Accept: 'application/json' }),
      signal,
    })
    if (response.status !== 200) {
      await response.body?.cancel()
      return undefined
    }
    return response.json().catch(() => undefined)
  }

  // A failing store costs lookups, never an answer: a miss, or nothing learned.
  const known: OwnershipStore = {
    async has(customerId, id) {
      try {
        return (await ownershipStore.has(customerId, id)) === true
      } catch (error) {
        onError(error)
        return false
      }
    },
    async add(customerId, ids) {
      try {
        await ownershipStore.add(customerId, ids)
      } catch (error) {
        onError(error)
      }
    },
  }

  const confirmations = createRelayConfirmations({
    store: challengeStore,
    now,
    ttlMs: confirmationTtlMs,
    headerName,
    get: serviceGet,
    known,
    onError,
  })

  const approve = async (
    request: Request,
    target: RelayTarget,
  ): Promise<ReadonlyMap<string, string> | undefined> => {
    if (typeof authorize !== 'function') return undefined
    const lookup = createOwnershipLookup({ get: (path) => serviceGet(path, request.signal), target, known })
    const context: RelayAuthorizeContext = { isOwnedBy: lookup.isOwnedBy }
    try {
      return (await authorize(request, target, context)) === true ? lookup.owners : undefined
    } catch (error) {
      onError(error)
      return undefined
    }
  }

  const checkPasskey = async (target: RelayTarget): Promise<PasskeyRegistrationCheck | undefined> => {
    const body = target.body as Record<string, unknown> | undefined
    if (!passkeyRegistration || target.operation !== 'POST /auth/credentials') return undefined
    if (body?.type !== 'PASSKEY') return undefined
    try {
      return await passkeyRegistration.check(body)
    } catch (error) {
      if (error instanceof WalletAuthError && error.code === 'INVALID_REGISTRATION') {
        throw new RelayRefusal(400, 'INVALID_REGISTRATION', error.message, { reason: error.reason })
      }
      if (error instanceof WalletAuthError && error.code === 'CHALLENGE_STORE_UNAVAILABLE') {
        onError(error)
        throw new RelayRefusal(503, 'SERVICE_UNAVAILABLE', 'Passkey registration is unavailable; try again.')
      }
      throw error
    }
  }

  const releasePasskey = async (checked: PasskeyRegistrationCheck | undefined) => {
    if (checked === undefined) return
    try {
      await passkeyRegistration?.release(checked)
    } catch (error) {
      // The answer still goes back; the user asks for new options.
      onError(error)
    }
  }

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const notFound = new RelayRefusal(404, 'REFERENCE_NOT_FOUND', 'No such route on this relay.')
    let path = url.pathname
    if (prefix) {
      if (!path.startsWith(`${prefix}/`)) throw notFound
      path = path.slice(prefix.length)
    }
    const match = matchRoute(routes, method, path)
    if (!match) throw notFound

    const bytes =
      method === 'GET' || method === 'HEAD' ? new Uint8Array(0) : await readBodyBytes(request, maxBodyBytes)
    if (bytes.length > 0) requireJsonBody(request)
    const rule = OPERATION_RULES[match.route.operation as RelayOperation]
    const { target, search } = resolveTarget(match, rule, url.searchParams, bytes)
    const browserKey = readIdempotencyKey(request)
    const owners = await approve(request, target)
    if (owners === undefined) {
      throw new RelayRefusal(403, 'FORBIDDEN', 'The signed-in user may not make this request.')
    }
    const idempotencyKey = await upstreamIdempotencyKey(target, owners, browserKey)
    const confirmation: ConfirmationRequest | undefined = confirmed.has(target.operation)
      ? {
          request,
          target: target as ConfirmationRequest['target'],
          path: `${routePath(match)}${search}`,
          bytes,
        }
      : undefined
    const verdict = confirmation ? await confirmations.check(confirmation) : undefined
    if (verdict && 'answer' in verdict) return verdict.answer
    const ownConfirmation = verdict?.forward === 'confirmed'
    // `forward` clears `check` once the service's status settles what becomes of the challenge.
    const passkey = { check: await checkPasskey(target) }
    try {
      const response = await forward({
        request,
        method,
        match,
        bytes,
        search,
        passkey,
        ownConfirmation,
        idempotencyKey,
      })
      const { status, payload } = response
      if (confirmation && ownConfirmation) {
        await confirmations.rememberServiceChallenge(confirmation, status, payload)
      }
      await learnOwnership({ target, status, payload, owners, known })
      await learnSessionKey({
        target,
        status,
        payload,
        stamp: request.headers.get(headerName),
        known,
        challenges: challengeStore,
        challengeTtlMs: confirmationTtlMs,
        onError,
      })
      return response.answer
    } catch (error) {
      await releasePasskey(passkey.check)
      throw error
    }
  }

  const forward = async ({
    request,
    method,
    match,
    bytes,
    search,
    passkey,
    ownConfirmation,
    idempotencyKey,
  }: {
    request: Request
    method: string
    match: NonNullable<ReturnType<typeof matchRoute>>
    bytes: Uint8Array<ArrayBuffer>
    search: string
    passkey: { check: PasskeyRegistrationCheck | undefined }
    /** The request's `Request-Id` and signature were the relay's own confirmation: not the service's. */
    ownConfirmation: boolean
    /** The scoped key that stands for the browser's `Idempotency-Key`, if it sent one. */
    idempotencyKey: string | undefined
  }): Promise<{ answer: Response; status: number; payload: Uint8Array }> => {
    const headers = new Headers()
    for (const name of ownConfirmation ? ['Accept'] : forwardedHeaders) {
      const value = request.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    if (idempotencyKey !== undefined) headers.set('Idempotency-Key', idempotencyKey)
    // The type the relay checked the body against, not the one the browser wrote.
    if (bytes.length > 0) headers.set('Content-Type', 'application/json')
    const upstream = await send(`${routePath(match)}${search}`, {
      method,
      headers,
      ...(bytes.length > 0 ? { body: bytes } : {}),
      signal: request.signal,
    })
    const { status } = upstream
    if (status < 200 || status > 599 || (status >= 300 && status < 400)) {
      await upstream.body?.cancel()
      onError(new Error(`The service answered ${status} to ${match.route.operation}.`))
      throw new RelayRefusal(502, 'BAD_GATEWAY', 'The service gave an unusable answer.')
    }
    // Only a registered passkey uses its challenge up (a 202 asks for the signed retry first).
    if (!(status >= 200 && status < 300 && status !== 202)) await releasePasskey(passkey.check)
    passkey.check = undefined
    let payload: Uint8Array<ArrayBuffer>
    try {
      payload = new Uint8Array(await upstream.arrayBuffer())
    } catch (error) {
      onError(error)
      throw new RelayRefusal(502, 'BAD_GATEWAY', 'The service answer was cut off.')
    }
    const responseHeaders = new Headers()
    for (const name of RESPONSE_HEADERS) {
      const value = upstream.headers.get(name)
      if (value !== null) responseHeaders.set(name, value)
    }
    const answer = new Response(NULL_BODY_STATUSES.has(status) ? null : payload, {
      status,
      headers: responseHeaders,
    })
    return { answer, status, payload }
  }

  const answer = async (request: Request): Promise<Response> => {
    try {
      return await handle(request)
    } catch (error) {
      if (error instanceof RelayRefusal) return error.toResponse()
      onError(error)
      return new RelayRefusal(500, 'INTERNAL_ERROR', 'The relay failed.').toResponse()
    }
  }

  return async function relay(request) {
    return browserAnswer(await answer(request))
  }
}
