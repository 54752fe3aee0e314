import type { RegistrationResponseJSON } from '@simplewebauthn/server'

/** A WebAuthn registration as the service's bodies carry it (base64url members). */
export interface WireAttestation {
  credentialId: string
  clientDataJson: string
  attestationObject: string
  transports?: string[] | undefined
}

/**
 * The `RegistrationResponseJSON` that `verifyRegistrationResponse` checks, from a registration as
 * the service's bodies carry it (a credential's `attestation`, an SCA factor's `credential`).
 *
 * @example
 * ```ts
 * const verification = await verifyRegistrationResponse({
 *   response: registrationResponse(body.attestation),
 *   expectedChallenge, expectedOrigin, expectedRPID,
 * })
 * ```
 */
export function registrationResponse(attestation: WireAttestation): RegistrationResponseJSON {
  const { credentialId, clientDataJson, attestationObject, transports = [] } = attestation
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    response: { clientDataJSON: clientDataJson, attestationObject, transports: transports as never },
    clientExtensionResults: {},
  }
}
