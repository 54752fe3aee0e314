import { rawSignatureToDer } from '../../crypto/rawSignatureToDer.js'

/** The sandbox's webhook signing key: its public half as PEM, and a signer over exact bytes. */
export interface WebhookSigner {
  /** The public key, SPKI in PEM: what a platform verifies webhook signatures with. */
  publicKeyPem: string
  /** Base64 of the DER ECDSA P-256 / SHA-256 signature over `bytes`. */
  sign(bytes: Uint8Array<ArrayBuffer>): Promise<string>
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}

/**
 * Makes a fresh ECDSA P-256 webhook key with WebCrypto; the private key is not extractable.
 *
 * @example
 * ```ts
 * const signer = await createWebhookSigner()
 * const signature = await signer.sign(new TextEncoder().encode(body))
 * ```
 */
export async function createWebhookSigner(): Promise<WebhookSigner> {
  const { privateKey, publicKey } = await crypto.subtle.generateKey(
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign', 'verify'],
  )
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey))
  const lines = toBase64(spki).match(/.{1,64}/g) ?? []
  return {
    publicKeyPem: `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`,
    sign: async (bytes) => {
      const raw = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, bytes)
      return toBase64(rawSignatureToDer(new Uint8Array(raw)))
    },
  }
}
