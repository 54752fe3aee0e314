import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { WalletAuthError } from '../errors.js'
import type { PasskeyAttestation } from '../wire/passkeyAssertion.js'
import { browserHasWebAuthn } from './browserHasWebAuthn.js'
import { knownPasskeys } from './knownPasskeys.js'
import { toPasskeyError } from './toPasskeyError.js'
import { loadedWebAuthn, loadWebAuthn } from './webAuthnLibrary.js'

/** Options of `passkeyRegistration`. */
export interface PasskeyRegistrationOptions {
  /** Registration options from the integrator backend (its single-use challenge inside). */
  optionsJSON: PublicKeyCredentialCreationOptionsJSON
  /** Label of the new credential, e.g. the device name. */
  nickname: string
}

/** The passkey parts of a `POST /auth/credentials` body; add `accountId`. */
export interface PasskeyRegistrationBody {
  type: 'PASSKEY'
  /** The backend's base64url registration challenge, top level as the service wants it. */
  challenge: string
  nickname: string
  attestation: PasskeyAttestation
}

/**
 * Creates a passkey and returns the body parts that register it. Call it from the click handler:
 * browsers require a live user gesture.
 *
 * @example
 * ```ts
 * const optionsJSON = await backend.passkeyRegistrationOptions()
 * const body = await passkeyRegistration({ optionsJSON, nickname: 'MacBook' })
 * await signedFetch('/auth/credentials', { method: 'POST', body: JSON.stringify({ ...body, accountId }) })
 * ```
 */
export async function passkeyRegistration(
  options: PasskeyRegistrationOptions,
): Promise<PasskeyRegistrationBody> {
  const { optionsJSON, nickname } = options
  if (!optionsJSON || typeof optionsJSON.challenge !== 'string' || typeof nickname !== 'string') {
    throw new WalletAuthError('INVALID_ARGUMENT', 'passkeyRegistration needs optionsJSON and a nickname.')
  }
  if (!browserHasWebAuthn()) {
    throw new WalletAuthError('PASSKEY_NOT_SUPPORTED', 'This browser does not support passkeys.')
  }
  try {
    // Loaded ahead (when adding began) nothing is awaited here, within the person's click.
    const { startRegistration } = loadedWebAuthn() ?? (await loadWebAuthn())
    const { id, response } = await startRegistration({ optionsJSON })
    knownPasskeys.remember(id)
    return {
      type: 'PASSKEY',
      challenge: optionsJSON.challenge,
      nickname,
      attestation: {
        credentialId: id,
        clientDataJson: response.clientDataJSON,
        attestationObject: response.attestationObject,
        transports: response.transports ?? [],
      },
    }
  } catch (error) {
    throw toPasskeyError(error)
  }
}
