/**
 * WebCrypto key parameters of the one signature scheme in use: ECDSA over P-256.
 *
 * @example
 * ```ts
 * await crypto.subtle.importKey('raw', publicKeyBytes, ECDSA_P256, true, ['verify'])
 * ```
 */
export const ECDSA_P256: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' }

/**
 * WebCrypto signing parameters: ECDSA with SHA-256 (WebCrypto hashes the message itself).
 *
 * @example
 * ```ts
 * await crypto.subtle.sign(ECDSA_SHA256, sessionKey.keyPair.privateKey, utf8(payloadToSign))
 * ```
 */
export const ECDSA_SHA256: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' }
