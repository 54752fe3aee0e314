// The peer SDK's two browser stampers, set up as its docs have an app do it, for the signing bench.
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { IndexedDbStamper } from '@turnkey/indexed-db-stamper'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.ts'
import { bytesToHex } from '../../src/crypto/bytesToHex.ts'
import { ECDSA_P256 } from '../../src/crypto/ecdsaParams.ts'
import { compressPublicKey } from '../../src/crypto/p256.ts'

/**
 * The peer's IndexedDB stamper, signing with `keyPair` (our session key's: same key as `stamp`).
 * `init()` opens its database as on page load; `resetKeyPair` then swaps in the given key.
 */
export async function peerIndexedDbStamper(keyPair) {
  const stamper = new IndexedDbStamper()
  await stamper.init()
  await stamper.resetKeyPair(keyPair)
  return stamper
}

/**
 * The peer's API-key stamper with a fresh P-256 key. It takes the private key as a hex string and
 * imports it into WebCrypto again on every stamp, which is what this comparison shows; a
 * non-extractable key (ours) cannot be handed to it.
 */
export async function peerApiKeyStamper() {
  const keyPair = await crypto.subtle.generateKey(ECDSA_P256, true, ['sign', 'verify'])
  const { d } = await crypto.subtle.exportKey('jwk', keyPair.privateKey)
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
  return new ApiKeyStamper({
    apiPublicKey: bytesToHex(compressPublicKey(publicKey)),
    apiPrivateKey: bytesToHex(base64UrlToBytes(d)),
  })
}
