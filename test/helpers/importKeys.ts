// Test-only: turn a vector's private key hex into WebCrypto keys, non-extractable like the kit's.
import { p256 } from '@noble/curves/nist.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { type SessionKey, sessionKeyFromKeyPair } from '../../src/keys/sessionKey.js'

function jwk(privateKeyHex: string): JsonWebKey {
  const d = hexToBytes(privateKeyHex, 32)
  const point = p256.getPublicKey(d, false)
  return {
    kty: 'EC',
    crv: 'P-256',
    d: bytesToBase64Url(d),
    x: bytesToBase64Url(point.subarray(1, 33)),
    y: bytesToBase64Url(point.subarray(33)),
  }
}

async function keyPair(privateKeyHex: string, algorithm: 'ECDSA' | 'ECDH'): Promise<CryptoKeyPair> {
  const { d: _d, ...publicJwk } = jwk(privateKeyHex)
  const params = { name: algorithm, namedCurve: 'P-256' }
  const privateUsages: KeyUsage[] = algorithm === 'ECDSA' ? ['sign'] : ['deriveBits']
  return {
    privateKey: await crypto.subtle.importKey('jwk', jwk(privateKeyHex), params, false, privateUsages),
    publicKey: await crypto.subtle.importKey(
      'jwk',
      publicJwk,
      params,
      true,
      algorithm === 'ECDSA' ? ['verify'] : [],
    ),
  }
}

/** A session key (ECDSA) from a vector's private key. */
export async function importSessionKey(privateKeyHex: string): Promise<SessionKey> {
  return sessionKeyFromKeyPair(await keyPair(privateKeyHex, 'ECDSA'))
}

/** An HPKE recipient key pair (ECDH) from a vector's private key. */
export function importRecipientKeyPair(privateKeyHex: string): Promise<CryptoKeyPair> {
  return keyPair(privateKeyHex, 'ECDH')
}
