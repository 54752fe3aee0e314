/** WebCrypto parameters of the one signature scheme in use: ECDSA over P-256 with SHA-256. */
export const ECDSA_P256: EcKeyImportParams = { name: 'ECDSA', namedCurve: 'P-256' }
export const ECDSA_SHA256: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' }
