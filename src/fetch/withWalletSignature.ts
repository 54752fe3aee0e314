import { WalletAuthError } from '../errors.js'
import type { PayloadExpectation } from '../intent/activityExpectation.js'
import { checkPayload } from '../intent/checkPayload.js'
import type { SessionKey } from '../keys/sessionKey.js'
import { stampChallenge } from '../stamp/stampChallenge.js'
import { errorFromResponse } from './errorFromResponse.js'
import { readSignedRetryChallenge } from './readSignedRetryChallenge.js'

/** Options of `withWalletSignature`. */
export interface WithWalletSignatureOptions {
  /**
   * The current session key; `undefined` makes a challenge fail with `NO_SESSION_KEY`. After the
   * service refused a retry signed by `refusedKey` (401 `WALLET_SIGNATURE_INVALID`), it is called
   * again with it: a different key (say a refresh replaced the refused one) makes the wrapper send
   * the request once more, for a fresh 202 stamped by that key; it may also throw (e.g.
   * `SESSION_EXPIRED`) to replace the refusal.
   */
  getKey: (context?: { refusedKey?: SessionKey }) => SessionKey | undefined | Promise<SessionKey | undefined>
  /** Header name for the signature. Default `Service-Wallet-Signature`. */
  headerName?: string
  /**
   * Clock, for challenge expiry. Default `Date.now`. `undefined` means this clock is not known
   * to agree with the service's: the challenge's `expiresAt` is then left to the service.
   */
  now?: () => number | undefined
  /**
   * What the request may have the session sign, checked on every leg before it is stamped: an
   * activity expectation (type, organization, the parameters this request sent), several of which
   * one must hold, or a checker function. A payload that fails is refused with `PAYLOAD_MISMATCH`
   * and nothing is signed or sent. Left out, any payload is signed.
   */
  expect?: PayloadExpectation
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

// Request ids this page has signed, shared by every wrapper, so that no id is ever signed twice.
// Bounded: ids are single-use and expire within minutes, so the newest 1024 are plenty.
const REMEMBERED_REQUEST_IDS = 1024
const usedRequestIds = new Set<string>()

/**
 * Challenges signed for one request before the wrapper gives up. The service's longest flow
 * (`POST /auth/delegated-keys`) answers two in a row; a service that keeps challenging a signed
 * request is refused rather than followed forever.
 */
const MAX_SIGNED_RETRIES = 4

async function readBody(request: Request): Promise<Uint8Array | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined
  const bytes = new Uint8Array(await request.arrayBuffer())
  return bytes.length > 0 ? bytes : undefined
}

/**
 * The challenge of a 202, read once (a clone tees the body and costs more than the signature): a
 * 202 that is no challenge passes on as a new response with the same status, headers and bytes.
 */
async function signedRetryChallenge(response: Response) {
  if (response.status !== 202) return { response }
  const bytes = await response.arrayBuffer()
  let challenge: ReturnType<typeof readSignedRetryChallenge>
  try {
    challenge = readSignedRetryChallenge(JSON.parse(new TextDecoder().decode(bytes)))
  } catch {
    challenge = undefined
  }
  if (challenge) return { response, challenge }
  const { status, statusText, headers } = response
  return { response: new Response(bytes.byteLength > 0 ? bytes : null, { status, statusText, headers }) }
}

/**
 * Wraps `fetch` so that signed-retry operations take one call: on a 202 whose body is a
 * `SignedRetryChallenge`, it stamps `payloadToSign` with the current session key and replays the
 * identical request (method, URL, headers, body bytes) with the signature and `Request-Id`. A
 * retry answered by another challenge (a flow of several legs, such as creating a delegated key)
 * is signed again by the same key, up to 4 challenges in a row (a fifth gives
 * `SIGNED_RETRY_FAILED`). A request id is never used twice (`REQUEST_ID_REUSED`) and an expired
 * challenge is refused (`CHALLENGE_EXPIRED`). With `expect`, every payload is checked against
 * what the request meant before it is signed (`PAYLOAD_MISMATCH` otherwise).
 * A retry refused with 401 `WALLET_SIGNATURE_INVALID` did not run: when `getKey` then names
 * another key (a refresh revoked the one that signed), the request is sent once more.
 * Successful responses pass through; error responses throw a `WalletAuthError` with the
 * service's `code`, `status`, `message`, `details`, `reason` and `retryAfter`.
 *
 * @example
 * ```ts
 * const signedFetch = withWalletSignature(fetch, { getKey: () => session?.key })
 * const response = await signedFetch(`${base}/auth/sessions/${id}`, { method: 'DELETE' }) // 204
 *
 * const revokeFetch = withWalletSignature(fetch, {
 *   getKey: () => session?.key,
 *   expect: { type: 'ACTIVITY_TYPE_DELETE_API_KEYS', organizationId, parameters: { apiKeyIds: [id] } },
 * })
 * ```
 */
export function withWalletSignature(fetch: Fetch, options: WithWalletSignatureOptions): Fetch {
  const clock = options.now ?? Date.now
  const { expect } = options
  // A clock that does not know the service's time never judges a challenge expired: the service does.
  const now = () => clock() ?? Number.NEGATIVE_INFINITY
  return async function signedFetch(input, init) {
    let request: Request
    try {
      request = new Request(input, init)
    } catch (cause) {
      throw new WalletAuthError('INVALID_ARGUMENT', 'fetch refused this request.', { cause })
    }
    // Read the body once, so the replay sends the same bytes even when it was a stream. Not by
    // `request.body`, which Firefox does not have: every request but a GET or HEAD is read.
    const body = await readBody(request)
    const send = (extraHeaders: Record<string, string>) => {
      const headers = new Headers(request.headers)
      for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value)
      return fetch(request.url, {
        method: request.method,
        headers,
        body: body?.slice(),
        credentials: request.credentials,
        mode: request.mode,
        cache: request.cache,
        redirect: request.redirect,
        referrerPolicy: request.referrerPolicy,
        integrity: request.integrity,
        keepalive: request.keepalive,
        signal: request.signal,
      })
    }

    // The request and, for as long as the service answers a 202 challenge (up to
    // MAX_SIGNED_RETRIES in a row), its signed retries, all by `key` (default: getKey()'s).
    const exchange = async (key?: SessionKey) => {
      let response = await send({})
      let signer: SessionKey | undefined
      for (let signed = 0; ; signed++) {
        const read = await signedRetryChallenge(response)
        const { challenge } = read
        if (!challenge) return { response: read.response, signer }
        if (signed === MAX_SIGNED_RETRIES) {
          throw new WalletAuthError(
            'SIGNED_RETRY_FAILED',
            `The service challenged ${signed} signed retries in a row.`,
          )
        }
        if (usedRequestIds.has(challenge.requestId)) {
          throw new WalletAuthError('REQUEST_ID_REUSED', 'The service reissued a used request id.')
        }
        // Before the key is even asked for: a payload the request did not mean is never signed.
        if (typeof expect === 'function') {
          await expect(challenge.payloadToSign, { index: signed, request, body })
        } else if (expect) {
          checkPayload(challenge.payloadToSign, expect)
        }
        // Every leg of one flow is signed by the same key, as the service requires.
        signer ??= key ?? (await options.getKey())
        if (!signer) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in before this action.')
        const headers = await stampChallenge(challenge, signer, { headerName: options.headerName, now })
        usedRequestIds.add(challenge.requestId)
        if (usedRequestIds.size > REMEMBERED_REQUEST_IDS) {
          usedRequestIds.delete(usedRequestIds.values().next().value as string)
        }
        response = await send(headers)
      }
    }

    let key: SessionKey | undefined
    for (let exchanges = 1; ; exchanges++) {
      const { response, signer } = await exchange(key)
      if (response.ok) return response
      const error = await errorFromResponse(response)
      if (!signer || response.status !== 401 || error.code !== 'WALLET_SIGNATURE_INVALID') throw error
      // The refused retry did not run, so sending the request again is safe; once is enough.
      key = await options.getKey({ refusedKey: signer })
      if (!key || key.publicKey === signer.publicKey || exchanges > 1) throw error
    }
  }
}
