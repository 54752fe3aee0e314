export { base58CheckDecode, base58CheckEncode } from './base58check.js'
export { base64UrlToBytes, bytesToBase64Url } from './base64url.js'
export { concatBytes, sha256Hex, utf8 } from './bytes.js'
export { derSignatureToRaw, rawSignatureToDer } from './der.js'
export { ECDSA_P256, ECDSA_SHA256, importVerifyKey, verifyDerSignature } from './ecdsa.js'
export { bytesToHex, hexToBytes } from './hex.js'
export { HPKE_INFO, hpkeOpen, hpkeSeal } from './hpke.js'
export {
  assertUncompressedPoint,
  compressPublicKey,
  decompressPublicKey,
  P256_ORDER,
  toUncompressedPublicKey,
} from './p256.js'
export {
  PRODUCTION_EXPORT_SIGNER,
  PRODUCTION_OTP_SIGNER,
  verifyEnclaveBundle,
} from './verifyEnclaveBundle.js'
