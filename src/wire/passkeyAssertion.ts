import * as z from 'zod/mini'
import { Base64Url } from './primitives.js'

/**
 * A WebAuthn assertion as the service takes it (note the `clientDataJson` spelling).
 *
 * @example
 * ```ts
 * const assertion = parseWire(PasskeyAssertion, body.assertion, 'Assertion')
 * ```
 */
export const PasskeyAssertion = z.looseObject({
  credentialId: Base64Url.check(z.minLength(1)),
  clientDataJson: Base64Url.check(z.minLength(1)),
  authenticatorData: Base64Url.check(z.minLength(1)),
  signature: Base64Url.check(z.minLength(1)),
  userHandle: z.optional(Base64Url),
})
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>

/**
 * A WebAuthn attestation as `POST /auth/credentials` takes it for a passkey.
 *
 * @example
 * ```ts
 * const attestation = parseWire(PasskeyAttestation, body.attestation, 'Attestation')
 * ```
 */
export const PasskeyAttestation = z.looseObject({
  credentialId: Base64Url.check(z.minLength(1)),
  clientDataJson: Base64Url.check(z.minLength(1)),
  attestationObject: Base64Url.check(z.minLength(1)),
  // Optional in the contract: some authenticators report none.
  transports: z.optional(z.array(z.string())),
})
export type PasskeyAttestation = z.infer<typeof PasskeyAttestation>
