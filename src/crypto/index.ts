export { base58CheckDecode, base58CheckEncode } from './base58check.js'
export { base64UrlToBytes } from './base64UrlToBytes.js'
export { bytesToBase64Url } from './bytesToBase64Url.js'
export { bytesToHex } from './bytesToHex.js'
export { concatBytes } from './concatBytes.js'
export { derSignatureToRaw } from './derSignatureToRaw.js'
export { importVerifyKey, verifyDerSignature } from './ecdsa.js'
export { ECDSA_P256, ECDSA_SHA256 } from './ecdsaParams.js'
export { hexToBytes } from './hexToBytes.js'
export { HPKE_INFO, hpkeOpen, hpkeSeal } from './hpke.js'
export {
  assertUncompressedPoint,
  compressPublicKey,
  decompressPublicKey,
  P256_ORDER,
  toUncompressedPublicKey,
} from './p256.js'
export { rawSignatureToDer } from './rawSignatureToDer.js'
export { sha256Hex } from './sha256Hex.js'
export { utf8 } from './utf8.js'
export {
  PRODUCTION_EXPORT_SIGNER,
  PRODUCTION_OTP_SIGNER,
  verifyEnclaveBundle,
} from './verifyEnclaveBundle.js'
