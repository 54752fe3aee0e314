import * as z from 'zod/mini'
import { PasskeyAssertion } from '../../wire/passkeyAssertion.js'
import type { SandboxContext } from '../context.js'
import { checkAssertion, LEGACY_PASSKEY_SIGNATURE } from '../passkeys.js'
import { invalidInput } from '../sandboxError.js'
import { badRequest } from './moneyErrors.js'
import type { ScaChallengeRecord } from './moneyState.js'
import { customerPasskeys } from './scaChallenges.js'

/**
 * The SMS code that passes an SMS_OTP step in the sandbox (no SMS is sent).
 *
 * @example
 * ```ts
 * await post(`/quotes/${id}/authorize`, { otpCode: SANDBOX_SCA_OTP })
 * ```
 */
export const SANDBOX_SCA_OTP = '123456'

/**
 * Body of `POST /quotes/{quoteId}/authorize` (ScaAuthorization): an SMS code, or a passkey
 * assertion with the origin the ceremony ran on.
 *
 * @example
 * ```ts
 * const { value } = await readBody(c, ScaAuthorizationBody)
 * ```
 */
export const ScaAuthorizationBody = z.looseObject({
  otpCode: z.optional(z.string()),
  passkeyAssertion: z.optional(PasskeyAssertion),
  origin: z.optional(z.string()),
})
export type ScaAuthorizationBody = z.infer<typeof ScaAuthorizationBody>

function wrongProof(message: string, reason?: string): never {
  throw badRequest('INVALID_SCA_PROOF', message, reason ? { reason } : undefined)
}

/**
 * Checks the proof for one SCA step. SMS: the code must be `123456`. Passkey: the origin must be
 * one of the sandbox's, and the assertion must verify (credential of the customer's wallet,
 * challenge of this step, origin, RP id, user presence, signature, counter) unless its signature
 * is the legacy `sandbox-valid-passkey-signature`. A wrong proof is 400 `INVALID_SCA_PROOF`; a
 * body with neither proof is 400 `INVALID_INPUT`.
 *
 * @example
 * ```ts
 * await verifyScaProof(ctx, { challenge, customerId: quote.customerId, proof: body.value })
 * ```
 */
export async function verifyScaProof(
  ctx: SandboxContext,
  options: { challenge: ScaChallengeRecord; customerId: string | undefined; proof: ScaAuthorizationBody },
): Promise<void> {
  const { challenge, customerId, proof } = options
  if (proof.otpCode !== undefined) {
    if (proof.otpCode !== SANDBOX_SCA_OTP) wrongProof('The SMS code is wrong.')
    return
  }
  const assertion = proof.passkeyAssertion
  if (!assertion) throw invalidInput('Send otpCode, or passkeyAssertion with origin.')
  if (proof.origin === undefined) throw invalidInput('A passkey authorization needs the origin it ran on.')
  if (!ctx.config.origins.includes(proof.origin)) {
    wrongProof('The passkey ceremony ran on an origin the sandbox does not allow.')
  }
  if (assertion.signature === LEGACY_PASSKEY_SIGNATURE) return

  const credential = customerPasskeys(ctx, customerId).find(
    (candidate) => candidate.passkey?.credentialId === assertion.credentialId,
  )
  const passkey = credential?.passkey
  if (!passkey) wrongProof('The assertion is not from a passkey of this customer.')
  const failure = await checkAssertion(ctx, {
    assertion,
    challenge: challenge.webauthnChallenge,
    passkey,
    origins: proof.origin,
  })
  if (failure) wrongProof('The passkey assertion does not verify.', failure)
}
