import { bytesToBase64Url } from '../../crypto/bytesToBase64Url.js'
import { utf8 } from '../../crypto/utf8.js'
import { PasskeyAttestation } from '../../wire/passkeyAssertion.js'
import type { SandboxContext } from '../context.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { verifyPasskeyRegistration } from '../verifyPasskeyRegistration.js'
import type { ScaRecord } from './scaState.js'

/** How long a passkey enrolment can be confirmed after it started. */
export const PASSKEY_ENROLMENT_TTL_MS = 5 * 60_000

/**
 * A 409 `PASSKEY_ALREADY_ENROLLED`: the contract allows one SCA passkey per customer.
 *
 * @example
 * ```ts
 * if (record.passkey) throw passkeyAlreadyEnrolled()
 * ```
 */
export function passkeyAlreadyEnrolled(): SandboxError {
  return new SandboxError({
    status: 409,
    code: 'PASSKEY_ALREADY_ENROLLED',
    message: 'The customer has an SCA passkey already: delete it before enrolling another.',
  })
}

/**
 * Starts a passkey enrolment (PasskeyEnrollmentStart): WebAuthn creation options with a fresh
 * challenge, the origins the ceremony may run on and the RP id. The challenge is kept until
 * confirmed or replaced by the next start.
 *
 * @example
 * ```ts
 * return c.json(startPasskeyEnrolment(ctx, { customer, record }))
 * ```
 */
export function startPasskeyEnrolment(
  ctx: SandboxContext,
  options: { customer: CustomerRecord; record: ScaRecord },
): Record<string, unknown> {
  const { customer, record } = options
  if (record.passkey) throw passkeyAlreadyEnrolled()
  const challenge = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)))
  record.pendingPasskey = { challenge, expiresAt: ctx.clock.now() + PASSKEY_ENROLMENT_TTL_MS }
  const { rpId, origins } = ctx.config
  return {
    type: 'PASSKEY',
    options: {
      challenge,
      rp: { id: rpId, name: 'Sandbox' },
      user: {
        id: bytesToBase64Url(utf8(customer.id)),
        name: customer.email ?? customer.id,
        displayName: customer.fullName || customer.id,
      },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: PASSKEY_ENROLMENT_TTL_MS,
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    },
    allowedOrigins: [...origins],
    relyingPartyId: rpId,
  }
}

/**
 * Confirms a passkey enrolment: the credential must be a registration, on an allowed origin, of
 * the challenge the last start issued and not yet expired, and claim the credential id its
 * authenticator data holds (400 `INVALID_INPUT` otherwise). It then becomes the customer's SCA
 * passkey, under that verified id. Returns the factor (ScaFactorView).
 *
 * @example
 * ```ts
 * const factor = await confirmPasskeyEnrolment(ctx, { record, origin, credential })
 * ```
 */
export async function confirmPasskeyEnrolment(
  ctx: SandboxContext,
  options: { record: ScaRecord; origin: string; credential: unknown },
): Promise<{ factor: 'PASSKEY'; credentialId: string }> {
  const { record, origin } = options
  const pending = record.pendingPasskey
  if (!pending || ctx.clock.now() >= pending.expiresAt) {
    throw invalidInput('No passkey enrolment is pending: start one first.')
  }
  if (!ctx.config.origins.includes(origin)) throw invalidInput('The origin is not one the sandbox allows.')
  const parsed = PasskeyAttestation.safeParse(options.credential)
  if (!parsed.success) throw invalidInput('The credential is not a WebAuthn registration.')
  const passkey = await verifyPasskeyRegistration(ctx, {
    attestation: parsed.data,
    challenge: pending.challenge,
    origin,
  })
  // Again after the await: a parallel confirmation may have enrolled one meanwhile.
  if (record.passkey) throw passkeyAlreadyEnrolled()
  if (record.pendingPasskey !== pending) throw invalidInput('This passkey enrolment was replaced.')
  delete record.pendingPasskey
  record.passkey = passkey
  return { factor: 'PASSKEY', credentialId: passkey.credentialId }
}
