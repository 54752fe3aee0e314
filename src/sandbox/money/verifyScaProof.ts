import * as z from 'zod/mini'
import { PasskeyAssertion } from '../../wire/passkeyAssertion.js'
import type { SandboxContext } from '../context.js'
import { checkAssertion, LEGACY_PASSKEY_SIGNATURE } from '../passkeys.js'
import { invalidInput } from '../sandboxError.js'
import type { ScaChallengeRecord } from './moneyState.js'
import { scaPasskeys } from './scaChallenges.js'

/**
 * The code that passes an SMS_OTP challenge in the sandbox (no SMS is sent).
 *
 * @example
 * ```ts
 * await post(`/quotes/${id}/authorize`, { code: SANDBOX_SCA_CODE })
 * ```
 */
export const SANDBOX_SCA_CODE = '123456'

/**
 * Body of `POST /quotes/{quoteId}/authorize` (ScaAuthorization): exactly one of `code` (SMS_OTP)
 * or `passkeyAssertion` with the `origin` the ceremony ran on; `endUserIpAddress` optionally.
 * Members may be `null`, as the contract allows.
 *
 * @example
 * ```ts
 * const { value } = await readBody(c, ScaAuthorizationBody)
 * ```
 */
export const ScaAuthorizationBody = z.looseObject({
  code: z.nullish(z.string()),
  passkeyAssertion: z.nullish(PasskeyAssertion),
  origin: z.nullish(z.string()),
  endUserIpAddress: z.nullish(z.string()),
})
export type ScaAuthorizationBody = z.infer<typeof ScaAuthorizationBody>

/**
 * The proof checks a body must pass before it is tried at all: one proof, and an origin with a
 * passkey assertion. 400 `INVALID_INPUT` otherwise.
 *
 * @example
 * ```ts
 * checkProofShape(body.value)
 * ```
 */
export function checkProofShape(proof: ScaAuthorizationBody): void {
  const hasCode = proof.code !== undefined && proof.code !== null
  const hasAssertion = proof.passkeyAssertion !== undefined && proof.passkeyAssertion !== null
  if (hasCode === hasAssertion) throw invalidInput('Send exactly one of code and passkeyAssertion.')
  if (hasAssertion && (proof.origin === undefined || proof.origin === null)) {
    throw invalidInput('A passkey authorization needs the origin it ran on.')
  }
}

/**
 * Whether the proof answers this challenge. A code must be `123456` and SMS_OTP available. A
 * passkey assertion must come from an allowed origin and from the customer's enrolled SCA passkey,
 * and verify (this challenge, the origin, the RP id, user presence, signature, counter) unless its
 * signature is the legacy `sandbox-valid-passkey-signature`. Returns why it failed, or undefined.
 *
 * @example
 * ```ts
 * const failure = await verifyScaProof(ctx, { challenge, customerId: quote.customerId, proof: body.value })
 * ```
 */
export async function verifyScaProof(
  ctx: SandboxContext,
  options: { challenge: ScaChallengeRecord; customerId: string | undefined; proof: ScaAuthorizationBody },
): Promise<string | undefined> {
  const { challenge, customerId, proof } = options
  if (typeof proof.code === 'string') {
    if (!challenge.availableFactors.includes('SMS_OTP')) return 'This challenge takes no code.'
    return proof.code === SANDBOX_SCA_CODE ? undefined : 'The code is wrong.'
  }
  const assertion = proof.passkeyAssertion
  if (!assertion || typeof proof.origin !== 'string') return 'No proof.'
  if (!ctx.config.origins.includes(proof.origin)) {
    return 'The passkey ceremony ran on an origin the sandbox does not allow.'
  }
  const passkey = scaPasskeys(ctx, customerId).find(
    (candidate) => candidate.credentialId === assertion.credentialId,
  )
  if (!passkey) return 'The assertion is not from the SCA passkey this customer enrolled.'
  if (assertion.signature === LEGACY_PASSKEY_SIGNATURE) return undefined
  const failure = await checkAssertion(ctx, {
    assertion,
    challenge: challenge.webauthnChallenge,
    passkey,
    origins: proof.origin,
  })
  return failure ? `The passkey assertion does not verify: ${failure}` : undefined
}
