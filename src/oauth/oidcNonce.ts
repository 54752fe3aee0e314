import { sha256Hex } from '../crypto/sha256Hex.js'

/**
 * The `nonce` an ID token must carry for a sign-in with `clientPublicKey`: lowercase hex SHA-256
 * of the exact hex string (as sent, not its bytes). Ask the identity provider for a token with it.
 *
 * @example
 * ```ts
 * const recipient = await generateRecipientKey()
 * const nonce = await oidcNonce(recipient.publicKeyUncompressed)
 * google.accounts.id.initialize({ client_id, nonce, callback })
 * ```
 */
export function oidcNonce(clientPublicKey: string): Promise<string> {
  return sha256Hex(clientPublicKey)
}
