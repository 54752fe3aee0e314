import { verifyRegistrationResponse } from '@simplewebauthn/server'
import type { SandboxContext } from './context.js'
import { registrationResponse, type WireAttestation } from './registrationResponse.js'
import { invalidInput, SandboxError } from './sandboxError.js'
import type { CredentialRecord } from './store.js'

/**
 * Verifies a WebAuthn registration (challenge, origin, RP id, attestation) and returns the passkey
 * under the credential id its authenticator data holds: a claimed id that is not that one is
 * refused, since assertions will carry the signed one. 400 `INVALID_INPUT` when it does not verify.
 *
 * @example
 * ```ts
 * const passkey = await verifyPasskeyRegistration(ctx, { attestation, challenge, origin: ctx.config.origins })
 * ```
 */
export async function verifyPasskeyRegistration(
  ctx: SandboxContext,
  options: { attestation: WireAttestation; challenge: string; origin: string | string[] },
): Promise<NonNullable<CredentialRecord['passkey']>> {
  const { attestation } = options
  const verification = await verifyRegistrationResponse({
    response: registrationResponse(attestation),
    expectedChallenge: options.challenge,
    expectedOrigin: options.origin,
    expectedRPID: ctx.config.rpId,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw new SandboxError({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'The passkey registration does not verify.',
      reason: error instanceof Error ? error.message : String(error),
    })
  })
  if (!verification.verified) throw invalidInput('The passkey registration does not verify.')
  const { id, publicKey, counter } = verification.registrationInfo.credential
  if (id !== attestation.credentialId) {
    throw invalidInput('The credential id is not the one in the verified registration.')
  }
  return { credentialId: id, publicKey, counter, transports: attestation.transports ?? [] }
}
