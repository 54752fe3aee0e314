import { browserHasWebAuthn } from './browserHasWebAuthn.js'
import { knownPasskeys } from './knownPasskeys.js'
import { loadWebAuthn } from './webAuthnLibrary.js'

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
    if (!browserHasWebAuthn()) return false
    // Loaded only for a browser with WebAuthn, and only when a passkey was revoked.
    const { getBrowserCapabilities, sendSignal } = await loadWebAuthn()
    const capabilities = await getBrowserCapabilities()
    if (capabilities.signalUnknownCredential !== 'supported') return false
    await sendSignal({ signalName: 'unknownCredential', rpID, credentialID: passkey.credentialId })
    return true
  } catch {
    return false
  }
}
