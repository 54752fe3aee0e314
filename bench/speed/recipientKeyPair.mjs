// A vector's ECDH key as a WebCrypto key pair (private half non-extractable), for our HPKE open.
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.ts'
import { hexToBytes } from '../../src/crypto/hexToBytes.ts'

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' }

/** Key pair of `privateKeyHex` whose public key is `publicUncompressedHex` (both from a vector). */
export async function recipientKeyPair(privateKeyHex, publicUncompressedHex) {
  const point = hexToBytes(publicUncompressedHex, 65)
  const publicJwk = {
    kty: 'EC',
    crv: 'P-256',
    x: bytesToBase64Url(point.subarray(1, 33)),
    y: bytesToBase64Url(point.subarray(33)),
  }
  const privateJwk = { ...publicJwk, d: bytesToBase64Url(hexToBytes(privateKeyHex, 32)) }
  return {
    privateKey: await crypto.subtle.importKey('jwk', privateJwk, ECDH_P256, false, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('jwk', publicJwk, ECDH_P256, true, []),
  }
}
