/**
 * An independent implementation of the project's wire formats, used only to produce and check the
 * known-answer vectors in this folder. It deliberately shares no code with `src/`, `@hpke/core` or
 * WebCrypto: curve arithmetic and ECDSA come from @noble/curves, hashes from @noble/hashes, and
 * AES-GCM from node:crypto (OpenSSL). A bug in the kit therefore cannot hide in its own vectors.
 *
 * Node only (node:crypto, Buffer). Never import this from `src/`.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { expand, extract } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'

export { bytesToHex, concatBytes, hexToBytes, utf8ToBytes }

/** The enclave provider's HPKE `info` (wire-formats section 3). */
export const TURNKEY_HPKE_INFO = 'turnkey_hpke'
/** The stamp's `scheme` member (wire-formats section 1). */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256'

/** P-256 group order n; low-S means s <= n/2. */
export const P256_N = p256.Point.CURVE().n

// ---------------------------------------------------------------------------------------------
// RFC 9180 HPKE, base mode, DHKEM(P-256, HKDF-SHA256) + HKDF-SHA256 + an AES-GCM AEAD.

/** An RFC 9180 AEAD: `id` is its registry code point, `cipher` the node:crypto name. */
export type Aead = {
  readonly id: number
  readonly cipher: 'aes-128-gcm' | 'aes-256-gcm'
  readonly keyLength: number
}
/** AES-128-GCM (0x0001): only to reproduce RFC 9180 Appendix A.3. */
export const AES_128_GCM: Aead = { id: 0x0001, cipher: 'aes-128-gcm', keyLength: 16 }
/** AES-256-GCM (0x0002): the project's profile. */
export const AES_256_GCM: Aead = { id: 0x0002, cipher: 'aes-256-gcm', keyLength: 32 }

const KEM_ID = 0x0010 // DHKEM(P-256, HKDF-SHA256)
const KDF_ID = 0x0001 // HKDF-SHA256
const NONCE_LENGTH = 12
const TAG_LENGTH = 16
const MODE_BASE = 0x00

function i2osp(value: number, length: number): Uint8Array {
  const out = new Uint8Array(length)
  for (let i = length - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v & 0xff
  return out
}

const kemSuiteId = concatBytes(utf8ToBytes('KEM'), i2osp(KEM_ID, 2))
const hpkeSuiteId = (aead: Aead): Uint8Array =>
  concatBytes(utf8ToBytes('HPKE'), i2osp(KEM_ID, 2), i2osp(KDF_ID, 2), i2osp(aead.id, 2))

// RFC 9180 section 4: every extract/expand is domain-separated by "HPKE-v1" || suite_id || label.
function labeledExtract(suiteId: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) {
  return extract(sha256, concatBytes(utf8ToBytes('HPKE-v1'), suiteId, utf8ToBytes(label), ikm), salt)
}
function labeledExpand(
  suiteId: Uint8Array,
  prk: Uint8Array,
  label: string,
  info: Uint8Array,
  length: number,
) {
  const labeledInfo = concatBytes(i2osp(length, 2), utf8ToBytes('HPKE-v1'), suiteId, utf8ToBytes(label), info)
  return expand(sha256, prk, labeledInfo, length)
}

const EMPTY = new Uint8Array(0)

/** SEC1 uncompressed (65 bytes) form of any valid encoding of a P-256 point; throws off-curve. */
export function uncompressed(publicKey: Uint8Array): Uint8Array {
  return p256.Point.fromBytes(publicKey).toBytes(false)
}
/** SEC1 compressed (33 bytes) form of any valid encoding of a P-256 point. */
export function compressed(publicKey: Uint8Array): Uint8Array {
  return p256.Point.fromBytes(publicKey).toBytes(true)
}

/** RFC 9180 section 7.1.3 DeriveKeyPair for P-256 (rejection sampling, bitmask 0xff). */
export function deriveKeyPair(ikm: Uint8Array): { secretKey: Uint8Array; publicKey: Uint8Array } {
  const prk = labeledExtract(kemSuiteId, EMPTY, 'dkp_prk', ikm)
  for (let counter = 0; counter < 256; counter++) {
    const candidate = labeledExpand(kemSuiteId, prk, 'candidate', i2osp(counter, 1), 32)
    const sk = BigInt(`0x${bytesToHex(candidate)}`)
    if (sk !== 0n && sk < P256_N)
      return { secretKey: candidate, publicKey: p256.getPublicKey(candidate, false) }
  }
  throw new Error('DeriveKeyPair: no valid candidate')
}

/** DH(sk, pk) for DHKEM(P-256): the 32-byte x coordinate of sk * pk (RFC 9180 section 7.1.1). */
function dh(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  return p256.getSharedSecret(secretKey, publicKey, true).subarray(1)
}

function extractAndExpand(dhValue: Uint8Array, kemContext: Uint8Array): Uint8Array {
  const eaePrk = labeledExtract(kemSuiteId, EMPTY, 'eae_prk', dhValue)
  return labeledExpand(kemSuiteId, eaePrk, 'shared_secret', kemContext, 32)
}

/** Result of the base-mode key schedule (RFC 9180 section 5.1), kept for known-answer checks. */
export type HpkeContext = {
  enc: Uint8Array
  sharedSecret: Uint8Array
  keyScheduleContext: Uint8Array
  secret: Uint8Array
  key: Uint8Array
  baseNonce: Uint8Array
  aead: Aead
}

function keySchedule(aead: Aead, sharedSecret: Uint8Array, info: Uint8Array) {
  const suiteId = hpkeSuiteId(aead)
  // Base mode: psk and psk_id are empty.
  const pskIdHash = labeledExtract(suiteId, EMPTY, 'psk_id_hash', EMPTY)
  const infoHash = labeledExtract(suiteId, EMPTY, 'info_hash', info)
  const context = concatBytes(i2osp(MODE_BASE, 1), pskIdHash, infoHash)
  const secret = labeledExtract(suiteId, sharedSecret, 'secret', EMPTY)
  return {
    keyScheduleContext: context,
    secret,
    key: labeledExpand(suiteId, secret, 'key', context, aead.keyLength),
    baseNonce: labeledExpand(suiteId, secret, 'base_nonce', context, NONCE_LENGTH),
  }
}

/** SetupBaseS with a caller-supplied ephemeral secret key (deterministic Encap). */
export function setupBaseSender(options: {
  recipientPublicKey: Uint8Array
  ephemeralSecretKey: Uint8Array
  info: Uint8Array
  aead: Aead
}): HpkeContext {
  const pkR = uncompressed(options.recipientPublicKey)
  const enc = p256.getPublicKey(options.ephemeralSecretKey, false)
  const sharedSecret = extractAndExpand(dh(options.ephemeralSecretKey, pkR), concatBytes(enc, pkR))
  return { enc, sharedSecret, aead: options.aead, ...keySchedule(options.aead, sharedSecret, options.info) }
}

/** SetupBaseR: the recipient side, from `enc` (any SEC1 encoding) and the recipient secret key. */
export function setupBaseRecipient(options: {
  enc: Uint8Array
  recipientSecretKey: Uint8Array
  info: Uint8Array
  aead: Aead
}): HpkeContext {
  const enc = uncompressed(options.enc)
  const pkR = p256.getPublicKey(options.recipientSecretKey, false)
  const sharedSecret = extractAndExpand(dh(options.recipientSecretKey, enc), concatBytes(enc, pkR))
  return { enc, sharedSecret, aead: options.aead, ...keySchedule(options.aead, sharedSecret, options.info) }
}

/** ComputeNonce: base_nonce XOR I2OSP(seq, Nn). */
export function computeNonce(baseNonce: Uint8Array, sequence: number): Uint8Array {
  const seq = i2osp(sequence, NONCE_LENGTH)
  return baseNonce.map((byte, i) => byte ^ (seq[i] ?? 0))
}

/** AEAD Seal: returns ct || 16-byte tag. */
export function aeadSeal(aead: Aead, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, pt: Uint8Array) {
  const cipher = createCipheriv(aead.cipher, key, nonce, { authTagLength: TAG_LENGTH })
  cipher.setAAD(aad)
  return concatBytes(cipher.update(pt), cipher.final(), cipher.getAuthTag())
}

/** AEAD Open of ct || tag; throws if the tag does not verify. */
export function aeadOpen(aead: Aead, key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, ct: Uint8Array) {
  const decipher = createDecipheriv(aead.cipher, key, nonce, { authTagLength: TAG_LENGTH })
  decipher.setAAD(aad)
  decipher.setAuthTag(ct.subarray(ct.length - TAG_LENGTH))
  return concatBytes(decipher.update(ct.subarray(0, ct.length - TAG_LENGTH)), decipher.final())
}

/** The project's AAD (wire-formats section 3): enc(65, uncompressed) || recipientPublic(65, uncompressed). */
export function projectAad(enc: Uint8Array, recipientPublicKey: Uint8Array): Uint8Array {
  return concatBytes(uncompressed(enc), uncompressed(recipientPublicKey))
}

/**
 * Single-shot seal with the project's profile: AES-256-GCM, info "turnkey_hpke", AAD = enc || pkR.
 * `enc` is the uncompressed ephemeral public key; `ciphertext` is ct || tag.
 */
export function sealProfile(options: {
  recipientPublicKey: Uint8Array
  ephemeralSecretKey: Uint8Array
  plaintext: Uint8Array
}): { enc: Uint8Array; aad: Uint8Array; ciphertext: Uint8Array } {
  const ctx = setupBaseSender({
    recipientPublicKey: options.recipientPublicKey,
    ephemeralSecretKey: options.ephemeralSecretKey,
    info: utf8ToBytes(TURNKEY_HPKE_INFO),
    aead: AES_256_GCM,
  })
  const aad = projectAad(ctx.enc, options.recipientPublicKey)
  return { enc: ctx.enc, aad, ciphertext: aeadSeal(ctx.aead, ctx.key, ctx.baseNonce, aad, options.plaintext) }
}

/** Single-shot open with the project's profile; `enc` may be compressed or uncompressed. */
export function openProfile(options: {
  recipientSecretKey: Uint8Array
  enc: Uint8Array
  ciphertext: Uint8Array
}): Uint8Array {
  const ctx = setupBaseRecipient({
    enc: options.enc,
    recipientSecretKey: options.recipientSecretKey,
    info: utf8ToBytes(TURNKEY_HPKE_INFO),
    aead: AES_256_GCM,
  })
  const aad = projectAad(ctx.enc, p256.getPublicKey(options.recipientSecretKey, false))
  return aeadOpen(ctx.aead, ctx.key, ctx.baseNonce, aad, options.ciphertext)
}

// ---------------------------------------------------------------------------------------------
// ECDSA P-256 / SHA-256 in DER, and the stamp (wire-formats section 1).

/** RFC 6979 deterministic ECDSA over SHA-256(message), low-S, DER. */
export function signDer(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return p256.sign(message, secretKey, { prehash: true, lowS: true, format: 'der' })
}

/** Verify a DER signature over SHA-256(message), accepting high-S as the wire format requires. */
export function verifyDer(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  return p256.verify(signature, message, publicKey, { prehash: true, lowS: false, format: 'der' })
}

/** Parse a DER ECDSA signature into r and s. */
export function parseDer(signature: Uint8Array): { r: bigint; s: bigint } {
  const { r, s } = p256.Signature.fromBytes(signature, 'der')
  return { r, s }
}

/** Encode (r, s) as DER; noble emits minimal INTEGERs (0x00 pad when the top bit is set). */
export function encodeDer(r: bigint, s: bigint): Uint8Array {
  return new p256.Signature(r, s).toBytes('der')
}

/** The high-S twin (r, n - s) of a signature: equally valid, and verifiers must accept it. */
export function toHighS(signature: Uint8Array): Uint8Array {
  const { r, s } = parseDer(signature)
  return encodeDer(r, s > P256_N / 2n ? s : P256_N - s)
}

/** base64url without padding. */
export function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url')
}
export function fromB64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url')
  return new Uint8Array(Buffer.from(text, 'base64url'))
}

/** The exact stamp JSON: keys in this order, no whitespace (JSON.stringify keeps insertion order). */
export function stampJson(publicKeyCompressedHex: string, signatureDerHex: string): string {
  return JSON.stringify({
    publicKey: publicKeyCompressedHex,
    scheme: STAMP_SCHEME,
    signature: signatureDerHex,
  })
}

/** Header value for a given signature (lets vectors carry high-S or hand-picked DER). */
export function stampFromSignature(publicKey: Uint8Array, signatureDer: Uint8Array): string {
  return b64url(utf8ToBytes(stampJson(bytesToHex(compressed(publicKey)), bytesToHex(signatureDer))))
}

/** Sign `payloadToSign` exactly as given (UTF-8, never re-serialised) and build the header value. */
export function stamp(
  payloadToSign: string,
  secretKey: Uint8Array,
): { signatureDer: Uint8Array; stamp: string } {
  const signatureDer = signDer(utf8ToBytes(payloadToSign), secretKey)
  return { signatureDer, stamp: stampFromSignature(p256.getPublicKey(secretKey, true), signatureDer) }
}

// ---------------------------------------------------------------------------------------------
// base58check (bitcoin alphabet, 4-byte double-SHA-256 checksum), wire-formats section 4.

const B58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4)
}

/** base58 of payload || checksum; each leading zero byte becomes a leading '1'. */
export function base58checkEncode(payload: Uint8Array): string {
  const bytes = concatBytes(payload, checksum(payload))
  let value = bytes.length === 0 ? 0n : BigInt(`0x${bytesToHex(bytes)}`)
  let out = ''
  while (value > 0n) {
    out = B58_ALPHABET.charAt(Number(value % 58n)) + out
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}

/** Inverse of base58checkEncode; throws on a bad character or checksum. */
export function base58checkDecode(text: string): Uint8Array {
  let value = 0n
  for (const char of text) {
    const digit = B58_ALPHABET.indexOf(char)
    if (digit < 0) throw new Error(`base58: bad character ${JSON.stringify(char)}`)
    value = value * 58n + BigInt(digit)
  }
  let hex = value === 0n ? '' : value.toString(16)
  if (hex.length % 2 === 1) hex = `0${hex}`
  const leadingOnes = text.length - text.replace(/^1+/, '').length
  const bytes = concatBytes(new Uint8Array(leadingOnes), hexToBytes(hex))
  if (bytes.length < 4) throw new Error('base58check: too short')
  const payload = bytes.subarray(0, bytes.length - 4)
  if (bytesToHex(checksum(payload)) !== bytesToHex(bytes.subarray(bytes.length - 4))) {
    throw new Error('base58check: bad checksum')
  }
  return payload
}
