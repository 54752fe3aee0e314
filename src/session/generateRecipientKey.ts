import { bytesToHex } from '../crypto/bytesToHex.js'

/** An ECDH P-256 key pair that only opens what the service seals to it. */
export interface RecipientKey {
  /** ECDH key pair; the private key is non-extractable. Pass the whole pair to HPKE. */
  readonly keyPair: CryptoKeyPair
  /** Uncompressed hex (130 chars): send it as `clientPublicKey` for the sealed-key mode or export. */
  readonly publicKeyUncompressed: string
}

/**
 * Makes a fresh recipient key for a sealed session key or a wallet export. An uncompressed
 * `clientPublicKey` is what asks the service for the sealed-key mode (wire-formats section 2).
 *
 * @example
 * ```ts
 * const recipient = await generateRecipientKey()
 * await post(`/auth/credentials/${id}/challenge`, { clientPublicKey: recipient.publicKeyUncompressed })
 * ```
 */
export async function generateRecipientKey(): Promise<RecipientKey> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
  return { keyPair, publicKeyUncompressed: bytesToHex(publicKey) }
}
