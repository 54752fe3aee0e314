import type { Context } from 'hono'
import { activityPayload } from './activityPayload.js'
import { checkWalletStamp } from './checkWalletStamp.js'
import { iso, newId, type SandboxContext } from './context.js'
import { LEGACY_SIGNATURE } from './legacySignature.js'
import { pruneExpired } from './pruneExpired.js'
import type { RequestBody } from './readBody.js'
import { unauthorized } from './sandboxError.js'
import { activeSessions } from './sessions.js'
import type { PendingRequest, SessionRecord } from './store.js'

// Kept importable from here (the sandbox's own tests do).
export { LEGACY_SIGNATURE }

/** How many other unused 202s of an operation a bad signature is tried against (body mismatch). */
const BODY_MISMATCH_CANDIDATES = 8

export interface SignedRetryOptions {
  /** The wallet whose active sessions may sign. */
  accountId: string
  body: RequestBody<unknown>
  /** `ACTIVITY_TYPE_…` of the payload: the type the service's OpenAPI shows for the operation. */
  activity: string
  /**
   * What the payload binds, as the service's activity for the operation does (the new email, the
   * export's target key, the attestation, the OIDC token…). The sandbox adds `requestId`, so that
   * two 202s never share a payload, even in one millisecond.
   */
  parameters?: Record<string, unknown>
  /** `type` of the 202 body (a credential type); absent for refresh and export. */
  type?: string
  /** Only these compressed keys may sign (the OTP TEK), instead of the account's sessions. */
  signers?: string[]
  /** Sessions of this credential may not sign. */
  excludeCredentialId?: string
  /** A payload of the route's own making (the OTP verify token); default the activity JSON. */
  payloadToSign?: string
  /** Kept with the challenge and handed back at the retry. */
  context?: unknown
}

/**
 * Issues a signed-retry 202 for this request: a pending challenge whose `payloadToSign` is the
 * activity JSON (or `options.payloadToSign`), and the body the service answers with. A route calls
 * it directly for the next leg of a flow of several (a delegated key's second 202).
 *
 * @example
 * ```ts
 * return issueChallenge(ctx, c, { accountId, body, activity: 'ACTIVITY_TYPE_CREATE_POLICIES', parameters })
 * ```
 */
export function issueChallenge(ctx: SandboxContext, c: Context, options: SignedRetryOptions): Response {
  const { store, clock } = ctx
  const now = clock.now()
  const requestId = newId('Request')
  const pending: PendingRequest = {
    requestId,
    operation: operationOf(c),
    accountId: options.accountId,
    // The body is bound here, by the request id the payload names: a retry must repeat it.
    bodyDigest: options.body.digest,
    payloadToSign:
      options.payloadToSign ??
      activityPayload({
        organizationId: ctx.config.organizationId,
        type: options.activity,
        parameters: { ...options.parameters, requestId },
        timestampMs: now,
      }),
    expiresAt: now + ctx.config.signedRetryTtlMs,
    used: false,
    ...(options.signers ? { signers: options.signers } : {}),
    ...(options.excludeCredentialId ? { excludeCredentialId: options.excludeCredentialId } : {}),
    ...(options.context === undefined ? {} : { context: options.context }),
  }
  // Forget the 202s that expired a whole lifetime ago: the store holds a lifetime or two of them.
  pruneExpired(store.pendingRequests, now - ctx.config.signedRetryTtlMs)
  store.pendingRequests.set(requestId, pending)
  const challenge = {
    ...(options.type ? { type: options.type } : {}),
    payloadToSign: pending.payloadToSign,
    requestId,
    expiresAt: iso(pending.expiresAt),
  }
  return Response.json(challenge, { status: 202 })
}

function operationOf(c: Context): string {
  return `${c.req.method} ${new URL(c.req.url).pathname}`
}

/** An authorised retry: the 202 it answers, and who signed it. */
export interface AcceptedRetry {
  pending: PendingRequest
  /** Compressed hex; absent for the legacy value. */
  publicKey?: string
  /** The active session that signed, unless the challenge named its own signers. */
  session?: SessionRecord
}

/** The outcome of a signed-retry step: a 202 to send, or an authorised retry. */
export type SignedRetryOutcome = { challenge: Response } | ({ challenge?: undefined } & AcceptedRetry)

/**
 * Whether this request is a signed retry (it carries the signature header or a `Request-Id`)
 * rather than a first call that gets a 202.
 *
 * @example
 * ```ts
 * if (!isRetry(ctx, c)) return issueChallenge(ctx, c, options)
 * ```
 */
export function isRetry(ctx: SandboxContext, c: Context): boolean {
  return (
    c.req.header(ctx.config.signatureHeaderName) !== undefined || c.req.header('Request-Id') !== undefined
  )
}

/**
 * The signed-retry pattern (spec "Signed-retry stages", wire-formats sections 1 and 8): without a
 * signature, a 202 whose `payloadToSign` binds the operation and the body; with one, every check
 * of section 1 in order (`acceptRetry`), each failure a 401 with its code and a `reason`.
 *
 * @example
 * ```ts
 * const outcome = await signedRetry(ctx, c, {
 *   accountId,
 *   body,
 *   activity: 'ACTIVITY_TYPE_EXPORT_WALLET',
 *   parameters: { targetPublicKey: body.value.clientPublicKey, walletId },
 * })
 * if (outcome.challenge) return outcome.challenge
 * ```
 */
export async function signedRetry(
  ctx: SandboxContext,
  c: Context,
  options: SignedRetryOptions,
): Promise<SignedRetryOutcome> {
  if (!isRetry(ctx, c)) return { challenge: issueChallenge(ctx, c, options) }
  return acceptRetry(ctx, c, options)
}

/**
 * Checks a signed retry (wire-formats section 1): the `Request-Id` of an unused, unexpired 202 of
 * this operation and wallet, spent by this attempt whatever its outcome; a signature over that
 * 202's payload by an active session of the wallet (or by one of its named signers); the same body.
 *
 * @example
 * ```ts
 * const { pending, session } = await acceptRetry(ctx, c, { accountId, body })
 * ```
 */
export async function acceptRetry(
  ctx: SandboxContext,
  c: Context,
  options: Pick<SignedRetryOptions, 'accountId' | 'body'>,
): Promise<AcceptedRetry> {
  const { store, clock } = ctx
  const now = clock.now()
  const operation = operationOf(c)
  const header = c.req.header(ctx.config.signatureHeaderName)
  const requestId = c.req.header('Request-Id')
  if (!header)
    throw unauthorized('The retry carries a Request-Id but no wallet signature.', 'WALLET_SIGNATURE_MISSING')
  if (!requestId) throw unauthorized('A signed retry needs the Request-Id of its 202.', 'REQUEST_ID_MISSING')
  const pending = store.pendingRequests.get(requestId)
  if (!pending || pending.operation !== operation || pending.accountId !== options.accountId) {
    throw unauthorized('The Request-Id does not belong to this request.')
  }
  if (pending.used) throw unauthorized('The Request-Id was already used.')
  if (pending.expiresAt <= now) throw unauthorized('The signed-retry challenge has expired.')
  // Used up by the first attempt, before any await: parallel retries of one id cannot all pass,
  // and a failed attempt needs a new 202.
  pending.used = true

  let publicKey: string | undefined
  if (header !== LEGACY_SIGNATURE) {
    let valid: boolean
    try {
      ;({ valid, publicKey } = checkWalletStamp(header, pending.payloadToSign))
    } catch {
      throw unauthorized('The wallet signature could not be parsed.', 'WALLET_SIGNATURE_MALFORMED')
    }
    if (!valid) {
      // Signed, but over another pending payload of this operation: the body changed. Only the
      // newest few are tried: each try is a verification, and unused 202s pile up for a lifetime,
      // so trying them all made every bad signature cost more than the last.
      const others = store.pendingRequests
        .where('operation', operation)
        .filter((other) => other !== pending && !other.used)
        .slice(-BODY_MISMATCH_CANDIDATES)
      for (const other of others) {
        if (checkWalletStamp(header, other.payloadToSign).valid) {
          throw unauthorized('The signature covers another request body.', 'WALLET_SIGNATURE_BODY_MISMATCH')
        }
      }
      throw unauthorized('The wallet signature does not verify.', 'WALLET_SIGNATURE_INVALID')
    }
    if (options.body.digest !== pending.bodyDigest) {
      throw unauthorized(
        'The body changed between the 202 and the signed retry.',
        'WALLET_SIGNATURE_BODY_MISMATCH',
      )
    }
  } else if (options.body.digest !== pending.bodyDigest) {
    throw unauthorized(
      'The body changed between the 202 and the signed retry.',
      'WALLET_SIGNATURE_BODY_MISMATCH',
    )
  }

  const session =
    publicKey === undefined || pending.signers
      ? undefined
      : authorizedSession(ctx, pending.accountId, publicKey, pending.excludeCredentialId)
  if (publicKey !== undefined && pending.signers && !pending.signers.includes(publicKey)) {
    throw unauthorized('The signature is not by the key this request needs.', 'WALLET_SIGNATURE_INVALID')
  }
  return { pending, ...(publicKey ? { publicKey } : {}), ...(session ? { session } : {}) }
}

function authorizedSession(
  ctx: SandboxContext,
  accountId: string,
  publicKey: string,
  excludeCredentialId?: string,
): SessionRecord {
  const session = activeSessions(ctx, accountId).find((candidate) => candidate.publicKey === publicKey)
  if (!session) {
    throw unauthorized(
      'The signing key is not an active session key of this wallet.',
      'WALLET_SIGNATURE_INVALID',
    )
  }
  if (session.credentialId === excludeCredentialId) {
    throw unauthorized('A session of another credential must sign this.', 'WALLET_SIGNATURE_INVALID')
  }
  return session
}

/**
 * Checks a wallet signature that is not a signed retry: the header alone, over a payload the
 * client was given earlier (a quote's `payloadToSign` for `/execute`). The same codes as a retry:
 * missing, malformed, invalid, or not by an active session of the wallet.
 *
 * @example
 * ```ts
 * await verifyWalletSignature(ctx, c, { accountId: quote.source.accountId, payloadToSign })
 * ```
 */
export async function verifyWalletSignature(
  ctx: SandboxContext,
  c: Context,
  options: { accountId: string; payloadToSign: string },
): Promise<SessionRecord | undefined> {
  const header = c.req.header(ctx.config.signatureHeaderName)
  if (!header) throw unauthorized('This action needs a wallet signature.', 'WALLET_SIGNATURE_MISSING')
  if (header === LEGACY_SIGNATURE) return undefined
  let verification: { valid: boolean; publicKey: string }
  try {
    verification = checkWalletStamp(header, options.payloadToSign)
  } catch {
    throw unauthorized('The wallet signature could not be parsed.', 'WALLET_SIGNATURE_MALFORMED')
  }
  if (!verification.valid)
    throw unauthorized('The wallet signature does not verify.', 'WALLET_SIGNATURE_INVALID')
  return authorizedSession(ctx, options.accountId, verification.publicKey)
}
