import * as z from 'zod/mini'
import { bytesToHex } from '../crypto/bytesToHex.js'
import { WalletAuthError } from '../errors.js'
import { readSignedRetryChallenge } from '../fetch/readSignedRetryChallenge.js'
import { RELAY_ACTIVITY_TYPES, RELAY_ORGANIZATION } from '../intent/relayActivityTypes.js'
import { verifyStamp } from '../stamp/verifyStamp.js'
import type { ChallengeStore } from './challengeStore.js'
import type { ConfirmedOperation } from './confirmedOperations.js'
import { isLiveSessionKey } from './isLiveSessionKey.js'
import type { OwnershipStore } from './ownershipStore.js'
import { RelayRefusal } from './relayRefusal.js'
import type { RelayTarget } from './relayTarget.js'

/** What `createRelayConfirmations` works with. */
export interface RelayConfirmationsOptions {
  /** Where issued confirmations wait for their signed retry (single-use: `take`). */
  store: ChallengeStore
  /** The relay's clock. */
  now: () => number
  /** How long a confirmation may be signed. */
  ttlMs: number
  /** The wallet-signature header. */
  headerName: string
  /** Reads the service with the relay's credentials. */
  get: (path: string, signal: AbortSignal) => Promise<unknown>
  /** Where session keys were learned; never rejects. */
  known: OwnershipStore
  onError: (error: unknown) => void
}

/** One request to a confirmed operation, checked and approved. */
export interface ConfirmationRequest {
  request: Request
  target: RelayTarget & { operation: ConfirmedOperation }
  /** The path and query as forwarded. */
  path: string
  bytes: Uint8Array
}

/** What to do with a request to a confirmed operation. */
export type ConfirmationVerdict =
  /** Answer the relay's challenge; nothing goes on. */
  | { answer: Response }
  /** Confirmed by a live session key: forward without the relay's `Request-Id` and signature. */
  | { forward: 'confirmed' }
  /** The signed retry of a challenge the service issued to a confirmed request: forward as it is. */
  | { forward: 'service-retry' }

const Pending = z.strictObject({
  payloadToSign: z.string(),
  method: z.string(),
  path: z.string(),
  bodySha256: z.string(),
  customerId: z.string(),
  expiresAtMs: z.number(),
})
const ServiceRetry = z.strictObject({ method: z.string(), path: z.string(), bodySha256: z.string() })
// What the relay reads of a beneficiary: its owner, and the name the person knows it by.
const Beneficiary = z.looseObject({
  customerId: z.optional(z.nullable(z.string())),
  accountInfo: z.optional(
    z.looseObject({
      beneficiary: z.optional(
        z.looseObject({ fullName: z.optional(z.string()), legalName: z.optional(z.string()) }),
      ),
    }),
  ),
})
const TRUST_CONFIRM = 'POST /customers/external-accounts/{externalAccountId}/trust/confirm'

const CONFIRMATION = 'confirmation:'
const SERVICE_RETRY = 'service-retry:'
// Kept past its expiry a little, so a late retry is told "expired", not "unknown".
const GRACE_MS = 60_000

/** The refusal of a request that is not confirmed, with why. */
function unconfirmed(reason: string, message: string): RelayRefusal {
  return new RelayRefusal(403, 'CONFIRMATION_REQUIRED', message, { reason })
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)))
}

/** The act, as the activity's type and the parameters naming it beyond the common ones. */
function act(
  target: ConfirmationRequest['target'],
  beneficiaryName: string | undefined,
): { type: string; parameters: Record<string, string> } {
  const body = (target.body ?? {}) as Record<string, unknown>
  switch (target.operation) {
    case TRUST_CONFIRM:
      // The name is the service's record of the account, for the person to recognise it.
      return {
        type: RELAY_ACTIVITY_TYPES.trustBeneficiary,
        parameters: {
          externalAccountId: String(target.externalAccountId),
          ...(beneficiaryName === undefined ? {} : { beneficiaryName }),
        },
      }
    case 'POST /sca/factors/confirm': {
      const credential = body.credential as Record<string, unknown> | undefined
      const credentialId = typeof credential?.credentialId === 'string' ? credential.credentialId : undefined
      return {
        type: RELAY_ACTIVITY_TYPES.addScaFactor,
        parameters: {
          ...(credentialId === undefined ? {} : { credentialId }),
          factorType: String(body.type),
        },
      }
    }
    case 'DELETE /sca/factors/{scaCredentialId}':
      return {
        type: RELAY_ACTIVITY_TYPES.removeScaFactor,
        parameters: { credentialId: String(target.scaCredentialId) },
      }
    case 'POST /sca/factors/reset/{resetId}/complete': {
      // The factor the reset clears is the service's to know; the phone an SMS reset moves to is named.
      const mobile = body.mobile as { countryCode: string; number: string } | undefined
      return {
        type: RELAY_ACTIVITY_TYPES.resetScaFactor,
        parameters: {
          resetId: String(target.resetId),
          ...(mobile === undefined ? {} : { userPhoneNumber: `${mobile.countryCode}${mobile.number}` }),
        },
      }
    }
    case 'PATCH /customers/{customerId}':
      return typeof body.email === 'string'
        ? { type: RELAY_ACTIVITY_TYPES.updateEmail, parameters: { userEmail: body.email } }
        : {
            type: RELAY_ACTIVITY_TYPES.updatePhoneNumber,
            parameters: { userPhoneNumber: String(body.phoneNumber) },
          }
  }
}

/** Compact JSON with every object's members in code-point order, as the service writes activities. */
function canonical(value: Record<string, unknown>): string {
  const sorted = (member: unknown): unknown =>
    typeof member === 'object' && member !== null
      ? Object.fromEntries(
          Object.entries(member)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, item]) => [key, sorted(item)]),
        )
      : member
  return JSON.stringify(sorted(value))
}

/**
 * The relay's own step-up for the acts the service carries out on the API secret alone
 * (`CONFIRMED_OPERATIONS`). A request without a `Request-Id` is answered with a signed-retry
 * challenge (202, as the service's: `payloadToSign`, `requestId`, `expiresAt`, plus `code`
 * `CONFIRMATION_REQUIRED`) whose payload is an activity naming exactly the act: operation,
 * customer (for a beneficiary's trust, whose route names none: the account's owner, read from the
 * service), factor, new contact or account, the SHA-256 of the exact body, a nonce and the time. Nothing
 * reaches the service. The retry goes on only when its request id is one the relay issued and
 * still unused (taken from the store atomically, so of two racing retries one at most), not
 * expired, for the same method, path and body bytes, signed over that payload by a key that signs
 * for a live session of the customer the act names. Anything else is 403 `CONFIRMATION_REQUIRED`
 * with `details.reason`. A confirmed request the service itself then challenges (a contact that
 * wallet credentials follow) has that challenge's signed retry let through once, for the same bytes.
 *
 * @example
 * ```ts
 * const verdict = await confirmations.check({ request, target, path, bytes })
 * if ('answer' in verdict) return verdict.answer
 * ```
 */
export function createRelayConfirmations(options: RelayConfirmationsOptions) {
  const { store, now, ttlMs, headerName, get, known, onError } = options

  const storeCall = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      onError(error)
      throw new RelayRefusal(503, 'SERVICE_UNAVAILABLE', 'Confirmations are unavailable; try again.')
    }
  }

  /**
   * The customer the act is for: the one the request names, or for a beneficiary's trust (whose
   * route names none) the external account's owner as the service has it, with its name.
   */
  async function subjectOf({
    request,
    target,
  }: ConfirmationRequest): Promise<{ customerId: string; beneficiaryName?: string }> {
    if (target.operation !== TRUST_CONFIRM) return { customerId: String(target.customerId) }
    const read = Beneficiary.safeParse(
      await get(`/customers/external-accounts/${target.externalAccountId}`, request.signal),
    )
    const customerId = read.success ? read.data.customerId : undefined
    if (typeof customerId !== 'string' || customerId === '') {
      throw new RelayRefusal(404, 'REFERENCE_NOT_FOUND', 'No such external account of a customer.')
    }
    const beneficiary = read.data?.accountInfo?.beneficiary
    const beneficiaryName = beneficiary?.fullName ?? beneficiary?.legalName
    return { customerId, ...(beneficiaryName ? { beneficiaryName } : {}) }
  }

  async function challenge(confirmation: ConfirmationRequest, bodySha256: string): Promise<Response> {
    const { request, target, path } = confirmation
    const { customerId, beneficiaryName } = await subjectOf(confirmation)
    const { type, parameters } = act(target, beneficiaryName)
    const issuedAt = now()
    const requestId = `Request:${crypto.randomUUID()}`
    const payloadToSign = canonical({
      organizationId: RELAY_ORGANIZATION,
      parameters: {
        ...parameters,
        bodySha256,
        customerId,
        nonce: bytesToHex(crypto.getRandomValues(new Uint8Array(16))),
        operation: target.operation,
      },
      timestampMs: String(issuedAt),
      type,
    })
    const pending: z.infer<typeof Pending> = {
      payloadToSign,
      method: request.method.toUpperCase(),
      path,
      bodySha256,
      customerId,
      expiresAtMs: issuedAt + ttlMs,
    }
    await storeCall(() => store.put(`${CONFIRMATION}${requestId}`, JSON.stringify(pending), ttlMs + GRACE_MS))
    return Response.json(
      {
        code: 'CONFIRMATION_REQUIRED',
        message: 'Sign this activity with the customer’s session key and send the request again.',
        payloadToSign,
        requestId,
        expiresAt: new Date(pending.expiresAtMs).toISOString(),
      },
      { status: 202 },
    )
  }

  async function check(confirmation: ConfirmationRequest): Promise<ConfirmationVerdict> {
    const { request, target, path, bytes } = confirmation
    const requestId = request.headers.get('Request-Id')
    const signature = request.headers.get(headerName)
    const bodySha256 = await sha256Hex(bytes)
    const method = request.method.toUpperCase()
    if (requestId === null && signature === null) return { answer: await challenge(confirmation, bodySha256) }
    if (requestId === null || signature === null) {
      throw unconfirmed('SIGNATURE_MISSING', 'A confirmed request carries both Request-Id and the signature.')
    }
    const taken = await storeCall(() => store.take(`${CONFIRMATION}${requestId}`))
    if (taken === undefined) {
      const retry = ServiceRetry.safeParse(
        JSON.parse((await storeCall(() => store.take(`${SERVICE_RETRY}${requestId}`))) ?? 'null'),
      )
      if (retry.success && retry.data.method === method && retry.data.path === path) {
        if (retry.data.bodySha256 === bodySha256) return { forward: 'service-retry' }
      }
      throw unconfirmed('REQUEST_ID_UNKNOWN', 'This request id was not issued here, is used, or has lapsed.')
    }
    const pending = Pending.parse(JSON.parse(taken))
    if (now() >= pending.expiresAtMs) throw unconfirmed('EXPIRED', 'The confirmation has expired.')
    // A route that names no customer (a beneficiary's trust) is bound by its path: the account's owner.
    const otherCustomer = target.customerId !== undefined && pending.customerId !== target.customerId
    if (pending.method !== method || pending.path !== path || otherCustomer) {
      throw unconfirmed('OTHER_REQUEST', 'The confirmation was issued for another request.')
    }
    if (pending.bodySha256 !== bodySha256) {
      throw unconfirmed('BODY_CHANGED', 'The body differs from the one the confirmation binds.')
    }
    let verified: { valid: boolean; publicKey: string }
    try {
      verified = await verifyStamp(signature, pending.payloadToSign)
    } catch (error) {
      if (!(error instanceof WalletAuthError)) throw error
      throw unconfirmed('SIGNATURE_MALFORMED', 'The signature header is malformed.')
    }
    if (!verified.valid) throw unconfirmed('SIGNATURE_INVALID', 'The signature does not verify.')
    const live = await isLiveSessionKey({
      get: (servicePath) => get(servicePath, request.signal),
      known,
      customerId: pending.customerId,
      publicKey: verified.publicKey,
    })
    if (!live) {
      throw unconfirmed(
        'NOT_A_SESSION_KEY',
        'The key that signed is not a live session key of this customer.',
      )
    }
    return { forward: 'confirmed' }
  }

  /** After a confirmed request: the service's own challenge, if it answered one, may be retried once. */
  async function rememberServiceChallenge(
    confirmation: ConfirmationRequest,
    status: number,
    payload: Uint8Array,
  ): Promise<void> {
    if (status !== 202) return
    let challenge: ReturnType<typeof readSignedRetryChallenge>
    try {
      challenge = readSignedRetryChallenge(JSON.parse(new TextDecoder().decode(payload)))
    } catch {
      challenge = undefined
    }
    if (!challenge) return
    const retry: z.infer<typeof ServiceRetry> = {
      method: confirmation.request.method.toUpperCase(),
      path: confirmation.path,
      bodySha256: await sha256Hex(confirmation.bytes),
    }
    await storeCall(() => store.put(`${SERVICE_RETRY}${challenge.requestId}`, JSON.stringify(retry), ttlMs))
  }

  return { check, rememberServiceChallenge }
}
