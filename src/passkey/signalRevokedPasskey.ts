import { browserSupportsWebAuthn, getBrowserCapabilities, sendSignal } from '@simplewebauthn/browser'
import { knownPasskeys } from './knownPasskeys.js'

/** Options of `signalRevokedPasskey`. */
export interface RevokedPasskey {
  /** base64url WebAuthn credential id (the AuthMethod's `credentialId`, not its `id`). */
  credentialId: string
  /** The relying-party id the passkey was made for; default `location.hostname`. */
  rpId?: string
}

/**
 * Tells this browser that a passkey no longer works (it was revoked on the service), so its
 * password manager stops offering it: `PublicKeyCredential.signalUnknownCredential` through
 * `@simplewebauthn/browser`'s `sendSignal`, where `getBrowserCapabilities` says the browser supports
 * it. Also drops the id from this browser's record (`knownPasskeys`). Best effort: resolves to
 * whether the signal was sent, never rejects.
 *
 * @example
 * ```ts
 * await signalRevokedPasskey({ credentialId: method.credentialId, rpId: 'wallet.example' })
 * ```
 */
export async function signalRevokedPasskey(passkey: RevokedPasskey): Promise<boolean> {
  knownPasskeys.forget(passkey.credentialId)
  const rpID = passkey.rpId ?? globalThis.location?.hostname
  if (!rpID) return false
  try {
    if (!browserSupportsWebAuthn()) return false
    const capabilities = await getBrowserCapabilities()
    if (capabilities.signalUnknownCredential !== 'supported') return false
    await sendSignal({ signalName: 'unknownCredential', rpID, credentialID: passkey.credentialId })
    return true
  } catch {
    return false
  }
}
