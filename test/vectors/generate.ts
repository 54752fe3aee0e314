/**
 * Writes the project's known-answer vectors (stamp.json, target-bundle.json, encrypted-otp.json,
 * sealed-key.json, wallet-export.json) from fixed keys, then re-reads and re-checks every file.
 * It first proves the independent implementation against RFC 9180 (rfc9180.json, hand-copied) and
 * aborts on any mismatch, so a vector is never written by code that fails the official answers.
 *
 * Node 20 cannot run TypeScript, so bundle it with esbuild (a dev dependency). From the repo root:
 *
 *   npx esbuild test/vectors/generate.ts --bundle --platform=node --format=esm --packages=external \
 *     --outfile=node_modules/.cache/vectors/generate.mjs && node node_modules/.cache/vectors/generate.mjs
 *
 * Output is byte-for-byte reproducible: keys are SHA-256 of readable labels, ECDSA is RFC 6979.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import {
  AES_128_GCM,
  aeadOpen,
  aeadSeal,
  b64url,
  base58checkDecode,
  base58checkEncode,
  bytesToHex,
  compressed,
  computeNonce,
  concatBytes,
  deriveKeyPair,
  fromB64url,
  hexToBytes,
  openProfile,
  P256_N,
  parseDer,
  projectAad,
  sealProfile,
  setupBaseRecipient,
  setupBaseSender,
  signDer,
  stampFromSignature,
  stampJson,
  TURNKEY_HPKE_INFO,
  toHighS,
  uncompressed,
  utf8ToBytes,
  verifyDer,
} from './independent.js'

const OUT_DIR = resolve(process.argv[2] ?? 'test/vectors')
const GENERATOR = 'test/vectors/generate.ts'
const HPKE_PROFILE = {
  mode: 0,
  kemId: 16,
  kdfId: 1,
  aeadId: 2,
  info: TURNKEY_HPKE_INFO,
  aad: 'encappedPublic(65, uncompressed) || recipientPublic(65, uncompressed)',
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function fail(message: string): never {
  throw new Error(`vectors: ${message}`)
}
function check(condition: boolean, message: string): asserts condition {
  if (!condition) fail(message)
}
function checkEqual(actual: string, expected: string, what: string): void {
  if (actual !== expected) fail(`${what}: got ${actual}, expected ${expected}`)
}
const hex = bytesToHex
const decodeUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes)

/** A fixed, obviously-fake key: SHA-256 of a readable label, so anyone can re-derive it. */
function fixedKey(label: string): Uint8Array {
  const sk = sha256(utf8ToBytes(`embedded-wallet-auth test vector key: ${label}`))
  const n = BigInt(`0x${hex(sk)}`)
  check(n > 0n && n < P256_N, `fixed key ${label} out of range`)
  return sk
}
const publicCompressedHex = (sk: Uint8Array): string => hex(p256.getPublicKey(sk, true))
const publicUncompressedHex = (sk: Uint8Array): string => hex(p256.getPublicKey(sk, false))

/** Content lengths of the two DER INTEGERs (P-256 DER always uses short-form lengths). */
function derIntegerLengths(der: Uint8Array): { r: number; s: number } {
  const rLength = der[3] ?? fail('DER too short')
  const sLength = der[5 + rLength] ?? fail('DER too short')
  return { r: rLength, s: sLength }
}

// ---------------------------------------------------------------------------------------------
// Checks against outside known answers (abort before writing anything)

type RfcVector = {
  info: string
  ikmE: string
  pkEm: string
  skEm: string
  ikmR: string
  pkRm: string
  skRm: string
  enc: string
  shared_secret: string
  key_schedule_context: string
  secret: string
  key: string
  base_nonce: string
  encryptions: { sequence_number: number; pt: string; aad: string; nonce: string; ct: string }[]
}

function checkRfc9180(): void {
  const v = JSON.parse(readFileSync(join(OUT_DIR, 'rfc9180.json'), 'utf8')) as RfcVector
  const e = deriveKeyPair(hexToBytes(v.ikmE))
  const r = deriveKeyPair(hexToBytes(v.ikmR))
  checkEqual(hex(e.secretKey), v.skEm, 'RFC 9180 skEm from ikmE')
  checkEqual(hex(e.publicKey), v.pkEm, 'RFC 9180 pkEm')
  checkEqual(hex(r.secretKey), v.skRm, 'RFC 9180 skRm from ikmR')
  checkEqual(hex(r.publicKey), v.pkRm, 'RFC 9180 pkRm')
  const info = hexToBytes(v.info)
  const sender = setupBaseSender({
    recipientPublicKey: hexToBytes(v.pkRm),
    ephemeralSecretKey: hexToBytes(v.skEm),
    info,
    aead: AES_128_GCM,
  })
  const recipient = setupBaseRecipient({
    enc: hexToBytes(v.enc),
    recipientSecretKey: hexToBytes(v.skRm),
    info,
    aead: AES_128_GCM,
  })
  for (const [side, ctx] of [
    ['sender', sender],
    ['recipient', recipient],
  ] as const) {
    checkEqual(hex(ctx.enc), v.enc, `RFC 9180 ${side} enc`)
    checkEqual(hex(ctx.sharedSecret), v.shared_secret, `RFC 9180 ${side} shared_secret`)
    checkEqual(hex(ctx.keyScheduleContext), v.key_schedule_context, `RFC 9180 ${side} key_schedule_context`)
    checkEqual(hex(ctx.secret), v.secret, `RFC 9180 ${side} secret`)
    checkEqual(hex(ctx.key), v.key, `RFC 9180 ${side} key`)
    checkEqual(hex(ctx.baseNonce), v.base_nonce, `RFC 9180 ${side} base_nonce`)
  }
  check(v.encryptions.length >= 2, 'RFC 9180: expected encryptions')
  for (const enc of v.encryptions) {
    const nonce = computeNonce(sender.baseNonce, enc.sequence_number)
    checkEqual(hex(nonce), enc.nonce, `RFC 9180 nonce ${enc.sequence_number}`)
    const ct = aeadSeal(AES_128_GCM, sender.key, nonce, hexToBytes(enc.aad), hexToBytes(enc.pt))
    checkEqual(hex(ct), enc.ct, `RFC 9180 ct ${enc.sequence_number}`)
    const pt = aeadOpen(AES_128_GCM, recipient.key, nonce, hexToBytes(enc.aad), hexToBytes(enc.ct))
    checkEqual(hex(pt), enc.pt, `RFC 9180 open ${enc.sequence_number}`)
  }
}

/** The Bitcoin wiki's worked example of a version-0 address (payload 0x00 || HASH160). */
function checkBase58Known(): void {
  const payload = '00010966776006953d5567439e5e39f86a0d273bee'
  checkEqual(
    base58checkEncode(hexToBytes(payload)),
    '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM',
    'base58check known answer',
  )
  checkEqual(hex(base58checkDecode('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM')), payload, 'base58check decode')
}

// ---------------------------------------------------------------------------------------------
// stamp.json (wire-formats section 1)

function stampCase(options: {
  name: string
  description: string
  secretKey: Uint8Array
  payloadToSign: string
  signatureDer?: Uint8Array
}) {
  const signatureDer = options.signatureDer ?? signDer(utf8ToBytes(options.payloadToSign), options.secretKey)
  const { s } = parseDer(signatureDer)
  const lengths = derIntegerLengths(signatureDer)
  return {
    name: options.name,
    description: options.description,
    highS: s > P256_N / 2n,
    privateKeyHex: hex(options.secretKey),
    publicKeyCompressed: publicCompressedHex(options.secretKey),
    publicKeyUncompressed: publicUncompressedHex(options.secretKey),
    payloadToSign: options.payloadToSign,
    signatureDerHex: hex(signatureDer),
    derRLength: lengths.r,
    derSLength: lengths.s,
    stampJson: stampJson(publicCompressedHex(options.secretKey), hex(signatureDer)),
    stamp: stampFromSignature(p256.getPublicKey(options.secretKey, true), signatureDer),
  }
}

/** Deterministically find a payload whose RFC 6979 signature has the wanted DER shape. */
function findPayload(secretKey: Uint8Array, tag: string, wanted: (l: { r: number; s: number }) => boolean) {
  for (let counter = 0; counter < 100_000; counter++) {
    const payloadToSign = `{"case":"${tag}","counter":${counter}}`
    const signatureDer = signDer(utf8ToBytes(payloadToSign), secretKey)
    if (wanted(derIntegerLengths(signatureDer))) return { payloadToSign, signatureDer }
  }
  return fail(`no payload found for ${tag}`)
}

function buildStamps() {
  const session = fixedKey('stamp-session-1')
  const other = fixedKey('stamp-session-2')
  const basic =
    '{"organizationId":"Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c","parameters":{"bodySha256":"a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778"},"timestampMs":"1700000000000","type":"ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION"}'
  // Non-ASCII (with a decomposed e + U+0301 that NFC would change), odd spacing, tabs, CRLF, a literal
  // backslash escape and a trailing newline: a signer that parses and re-serialises (or trims, or
  // normalises) produces a different signature.
  const unusual =
    '{ "type" : "ACTIVITY_TYPE_SIGN_TRANSACTION",\n\t"note": "Zürich → 東京 🚀 naïve café cafe\u0301",  "escaped": "\\u00e9 is not é" ,\r\n "amount":1.50, "timestampMs" : "1700000000001" }\n'
  const jwtShaped = `${b64url(utf8ToBytes('{"alg":"ES256","typ":"JWT"}'))}.${b64url(
    utf8ToBytes('{"sub":"otp-verify","iat":1700000000}'),
  )}.ZmFrZS1zaWduYXR1cmU`

  const rPadded = findPayload(other, 'der-r-padded', (l) => l.r === 33)
  const rShort = findPayload(other, 'der-r-short', (l) => l.r < 32)
  const sShort = findPayload(other, 'der-s-short', (l) => l.s < 32)

  const cases = [
    stampCase({
      name: 'basic',
      description: 'Compact JSON payload, low-S (RFC 6979).',
      secretKey: session,
      payloadToSign: basic,
    }),
    stampCase({
      name: 'unicode-and-whitespace',
      description:
        'Non-ASCII UTF-8 (including an NFD sequence), irregular whitespace, CRLF, a literal \\u escape and a trailing newline; signed exactly as given.',
      secretKey: session,
      payloadToSign: unusual,
    }),
    stampCase({
      name: 'jwt-shaped',
      description: 'A non-JSON opaque payload (the OTP-verify shape).',
      secretKey: session,
      payloadToSign: jwtShaped,
    }),
    stampCase({
      name: 'der-r-padded',
      description: 'r has its top bit set, so its DER INTEGER carries a leading 0x00 (33 bytes).',
      secretKey: other,
      ...rPadded,
    }),
    stampCase({
      name: 'der-r-short',
      description: 'r < 2^247: its minimal DER INTEGER is shorter than 32 bytes.',
      secretKey: other,
      ...rShort,
    }),
    stampCase({
      name: 'der-s-short',
      description: 's < 2^247: its minimal DER INTEGER is shorter than 32 bytes.',
      secretKey: other,
      ...sShort,
    }),
    stampCase({
      name: 'high-s-basic',
      description: 'The high-S twin (r, n - s) of "basic": verifiers must accept it; s needs a 0x00 pad.',
      secretKey: session,
      payloadToSign: basic,
      signatureDer: toHighS(signDer(utf8ToBytes(basic), session)),
    }),
    stampCase({
      name: 'high-s-unicode-and-whitespace',
      description: 'The high-S twin of "unicode-and-whitespace".',
      secretKey: session,
      payloadToSign: unusual,
      signatureDer: toHighS(signDer(utf8ToBytes(unusual), session)),
    }),
    stampCase({
      name: 'high-s-max-length-der',
      description:
        'The high-S twin of "der-r-padded": both INTEGERs are 33 bytes, the longest DER (72 bytes).',
      secretKey: other,
      payloadToSign: rPadded.payloadToSign,
      signatureDer: toHighS(rPadded.signatureDer),
    }),
  ]
  return {
    description:
      'Service-Wallet-Signature stamps (wire-formats section 1). stamp = b64url(UTF-8(stampJson)). Low-S cases are RFC 6979 deterministic; highS cases are (r, n - s) of a valid signature and must verify.',
    generator: GENERATOR,
    scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    cases,
  }
}

// ---------------------------------------------------------------------------------------------
// Signed bundles (sections 5 and 10): {"version","data","dataSignature","enclaveQuorumPublic"}

function signedBundle(
  signer: Uint8Array,
  dataJson: string,
  options: { highS?: boolean; signHexText?: boolean } = {},
) {
  const dataHex = hex(utf8ToBytes(dataJson))
  // The signature covers the bytes `data` hex-decodes to; signHexText deliberately gets that wrong.
  const signed = options.signHexText ? utf8ToBytes(dataHex) : utf8ToBytes(dataJson)
  const low = signDer(signed, signer)
  const signature = options.highS ? toHighS(low) : low
  const bundle = JSON.stringify({
    version: 'v1.0.0',
    data: dataHex,
    dataSignature: hex(signature),
    enclaveQuorumPublic: publicUncompressedHex(signer),
  })
  return { dataJson, dataHex, dataSignatureDerHex: hex(signature), highS: options.highS === true, bundle }
}

const ORGANIZATION_ID = 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c'

function buildTargetBundles() {
  const signer = fixedKey('otp-bundle-signer')
  const target = fixedKey('otp-target')
  const targetPublic = publicUncompressedHex(target)
  const data = JSON.stringify({ targetPublic, organizationId: ORGANIZATION_ID })
  const dataExtra = JSON.stringify({
    targetPublic,
    organizationId: ORGANIZATION_ID,
    userId: 'User:5c0e7a1b-3d2f-4e6a-8b9c-1d2e3f4a5b6c',
    expiresAt: '2030-01-01T00:00:00Z',
    someFutureMember: { nested: [1, 2, 3] },
  })
  // Flip the low bit of y: a well-formed 65-byte encoding that is not on the curve.
  const offCurve = `${targetPublic.slice(0, -2)}${(Number.parseInt(targetPublic.slice(-2), 16) ^ 1).toString(16).padStart(2, '0')}`
  const common = {
    signerPrivateKeyHex: hex(signer),
    enclaveQuorumPublic: publicUncompressedHex(signer),
    organizationId: ORGANIZATION_ID,
  }
  const withTarget = { ...common, targetPrivateKeyHex: hex(target), targetPublic }
  const cases = [
    {
      name: 'valid',
      expect: 'valid',
      description: 'Low-S signature over the decoded data bytes.',
      ...withTarget,
      ...signedBundle(signer, data),
    },
    {
      name: 'valid-high-s',
      expect: 'valid',
      description: 'Same data, high-S dataSignature: must be accepted.',
      ...withTarget,
      ...signedBundle(signer, data, { highS: true }),
    },
    {
      name: 'valid-extra-members',
      expect: 'valid',
      description: 'data carries userId, expiresAt and an unknown member, which clients ignore.',
      ...withTarget,
      ...signedBundle(signer, dataExtra),
    },
    {
      name: 'invalid-signature-over-hex-text',
      expect: 'invalid-signature',
      description:
        'dataSignature covers the UTF-8 of the hex text instead of the decoded bytes: must be rejected.',
      ...withTarget,
      ...signedBundle(signer, data, { signHexText: true }),
    },
    {
      name: 'invalid-target-public-off-curve',
      expect: 'invalid-target-public',
      description:
        'Validly signed, but targetPublic is not a point on P-256: must be rejected before encrypting.',
      ...common,
      targetPrivateKeyHex: null,
      targetPublic: offCurve,
      ...signedBundle(signer, JSON.stringify({ targetPublic: offCurve, organizationId: ORGANIZATION_ID })),
    },
  ]
  return {
    description:
      'otpEncryptionTargetBundle values (wire-formats section 5). `bundle` is the exact string; dataSignature is ECDSA-P256-SHA256 (DER) over hexDecode(data), by enclaveQuorumPublic (trust it explicitly in tests). expect: valid | invalid-signature | invalid-target-public.',
    generator: GENERATOR,
    cases,
  }
}

// ---------------------------------------------------------------------------------------------
// encrypted-otp.json (section 6)

function buildEncryptedOtp(targetBundle: string) {
  const target = fixedKey('otp-target')
  const tek = fixedKey('otp-tek')
  const cases = [
    { name: 'sandbox-accepted-code', otpCode: '000000', ephemeral: fixedKey('otp-ephemeral-1') },
    { name: 'other-code', otpCode: '493817', ephemeral: fixedKey('otp-ephemeral-2') },
  ].map(({ name, otpCode, ephemeral }) => {
    const plaintext = JSON.stringify({ otp_code: otpCode, public_key: publicCompressedHex(tek) })
    const sealed = sealProfile({
      recipientPublicKey: p256.getPublicKey(target, false),
      ephemeralSecretKey: ephemeral,
      plaintext: utf8ToBytes(plaintext),
    })
    return {
      name,
      targetPrivateKeyHex: hex(target),
      targetPublic: publicUncompressedHex(target),
      targetBundle,
      tekPrivateKeyHex: hex(tek),
      tekPublicCompressed: publicCompressedHex(tek),
      tekPublicUncompressed: publicUncompressedHex(tek),
      otpCode,
      plaintext,
      ephemeralPrivateKeyHex: hex(ephemeral),
      encappedPublic: hex(sealed.enc),
      aadHex: hex(sealed.aad),
      ciphertextHex: hex(sealed.ciphertext),
      encryptedOtpBundle: JSON.stringify({
        encappedPublic: hex(sealed.enc),
        ciphertext: hex(sealed.ciphertext),
      }),
    }
  })
  return {
    description:
      'encryptedOtpBundle values (wire-formats section 6): HPKE-seal of `plaintext` to targetPublic with a fixed ephemeral key. Open with targetPrivateKeyHex and check the plaintext; a kit cannot reproduce the bytes (its ephemeral key is random).',
    generator: GENERATOR,
    hpke: HPKE_PROFILE,
    cases,
  }
}

// ---------------------------------------------------------------------------------------------
// sealed-key.json (section 4)

/** First fixed ephemeral key whose public key compresses with the wanted prefix (02 even, 03 odd y). */
function ephemeralWithPrefix(tag: string, prefix: 2 | 3): Uint8Array {
  for (let i = 0; i < 64; i++) {
    const sk = fixedKey(`${tag}-${i}`)
    if (p256.getPublicKey(sk, true)[0] === prefix) return sk
  }
  return fail(`no ephemeral key with prefix ${prefix}`)
}

function buildSealedKeys() {
  const recipient = fixedKey('sealed-recipient')
  const session = fixedKey('sealed-session')
  const cases = [
    { name: 'enc-prefix-02', ephemeral: ephemeralWithPrefix('sealed-ephemeral', 2) },
    { name: 'enc-prefix-03', ephemeral: ephemeralWithPrefix('sealed-ephemeral', 3) },
  ].map(({ name, ephemeral }) => {
    const sealed = sealProfile({
      recipientPublicKey: p256.getPublicKey(recipient, false),
      ephemeralSecretKey: ephemeral,
      plaintext: session,
    })
    const encCompressed = compressed(sealed.enc)
    const encoded = base58checkEncode(concatBytes(encCompressed, sealed.ciphertext))
    // Change only the last character: the value moves by less than 58, so the checksum bytes change.
    const lastChar = encoded.slice(-1)
    const badChecksum = `${encoded.slice(0, -1)}${lastChar === '2' ? '3' : '2'}`
    return {
      name,
      recipientPrivateKeyHex: hex(recipient),
      recipientPublicUncompressed: publicUncompressedHex(recipient),
      sessionPrivateKeyHex: hex(session),
      sessionPublicCompressed: publicCompressedHex(session),
      sessionPublicUncompressed: publicUncompressedHex(session),
      ephemeralPrivateKeyHex: hex(ephemeral),
      encappedPublicUncompressed: hex(sealed.enc),
      encappedPublicCompressed: hex(encCompressed),
      aadHex: hex(sealed.aad),
      ciphertextHex: hex(sealed.ciphertext),
      encryptedSessionSigningKey: encoded,
      encryptedSessionSigningKeyBadChecksum: badChecksum,
    }
  })
  const base58check = ['', '00', '0000ff', '00010966776006953d5567439e5e39f86a0d273bee'].map(
    (payloadHex) => ({
      payloadHex,
      encoded: base58checkEncode(hexToBytes(payloadHex)),
    }),
  )
  return {
    description:
      'encryptedSessionSigningKey values (wire-formats section 4): base58check(compressedEnc(33) || ciphertext). Open with recipientPrivateKeyHex (the client ECDH key, clientPublicKey = recipientPublicUncompressed); plaintext = sessionPrivateKeyHex. AAD uses the UNcompressed enc. The *BadChecksum string must be rejected.',
    generator: GENERATOR,
    hpke: HPKE_PROFILE,
    cases,
    base58check,
  }
}

// ---------------------------------------------------------------------------------------------
// wallet-export.json (section 10)

function buildWalletExports() {
  const signer = fixedKey('export-signer')
  const recipient = fixedKey('export-recipient')
  const ephemeral = fixedKey('export-ephemeral')
  // Made-up words, not a real wallet (and not a valid BIP-39 checksum).
  const mnemonic = 'orbit lantern velvet copper meadow rocket pencil harbor quiet tiger summit walnut'
  const sealed = sealProfile({
    recipientPublicKey: p256.getPublicKey(recipient, false),
    ephemeralSecretKey: ephemeral,
    plaintext: utf8ToBytes(mnemonic),
  })
  const data = JSON.stringify({
    encappedPublic: hex(sealed.enc),
    ciphertext: hex(sealed.ciphertext),
    organizationId: ORGANIZATION_ID,
  })
  const common = {
    exportSignerPrivateKeyHex: hex(signer),
    enclaveQuorumPublic: publicUncompressedHex(signer),
    recipientPrivateKeyHex: hex(recipient),
    recipientPublicUncompressed: publicUncompressedHex(recipient),
    ephemeralPrivateKeyHex: hex(ephemeral),
    encappedPublic: hex(sealed.enc),
    aadHex: hex(sealed.aad),
    ciphertextHex: hex(sealed.ciphertext),
    organizationId: ORGANIZATION_ID,
    mnemonic,
  }
  const toCase = (name: string, description: string, highS: boolean) => {
    const { bundle, ...rest } = signedBundle(signer, data, { highS })
    return { name, description, ...common, ...rest, encryptedWalletCredentials: bundle }
  }
  return {
    description:
      'encryptedWalletCredentials values (wire-formats section 10): a section-5 style signed bundle whose data decodes to {encappedPublic, ciphertext, organizationId}; HPKE-open with recipientPrivateKeyHex gives `mnemonic`.',
    generator: GENERATOR,
    hpke: HPKE_PROFILE,
    cases: [
      toCase('valid', 'Low-S dataSignature.', false),
      toCase('valid-high-s', 'Same data, high-S dataSignature: must be accepted.', true),
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// Build, write, then re-read and re-verify from disk

function buildAll(): Record<string, unknown> {
  const targetBundles = buildTargetBundles()
  const validBundle = targetBundles.cases[0]?.bundle ?? fail('no target bundle')
  return {
    'stamp.json': buildStamps(),
    'target-bundle.json': targetBundles,
    'encrypted-otp.json': buildEncryptedOtp(validBundle),
    'sealed-key.json': buildSealedKeys(),
    'wallet-export.json': buildWalletExports(),
  }
}

// Re-reading parses JSON into loose records; these accessors keep the checks type-safe.
type Json = Record<string, unknown>
function str(o: Json, key: string): string {
  const v = o[key]
  if (typeof v !== 'string') fail(`field ${key} is not a string`)
  return v
}
function readCases(file: string): Json[] {
  const parsed = JSON.parse(readFileSync(join(OUT_DIR, file), 'utf8')) as { cases?: Json[] }
  return parsed.cases ?? fail(`${file}: no cases`)
}

function verifyStampFile(): void {
  for (const c of readCases('stamp.json')) {
    const name = `stamp.json ${str(c, 'name')}`
    const sk = hexToBytes(str(c, 'privateKeyHex'))
    const pub = p256.getPublicKey(sk, true)
    checkEqual(str(c, 'publicKeyCompressed'), hex(pub), `${name} publicKeyCompressed`)
    checkEqual(str(c, 'publicKeyUncompressed'), hex(uncompressed(pub)), `${name} publicKeyUncompressed`)
    const sig = hexToBytes(str(c, 'signatureDerHex'))
    const message = utf8ToBytes(str(c, 'payloadToSign'))
    check(verifyDer(sig, message, pub), `${name}: signature does not verify (lowS: false)`)
    const highS = parseDer(sig).s > P256_N / 2n
    check(c.highS === highS, `${name}: highS flag wrong`)
    const strict = p256.verify(sig, message, pub, { prehash: true, lowS: true, format: 'der' })
    check(strict === !highS, `${name}: low-S-only verification should ${highS ? 'reject' : 'accept'}`)
    if (!highS) checkEqual(str(c, 'signatureDerHex'), hex(signDer(message, sk)), `${name} RFC 6979 signature`)
    const lengths = derIntegerLengths(sig)
    check(c.derRLength === lengths.r && c.derSLength === lengths.s, `${name}: DER lengths`)
    // The header: b64url without padding of exactly this JSON, keys in order, no whitespace.
    const header = str(c, 'stamp')
    check(/^[A-Za-z0-9_-]+$/.test(header), `${name}: stamp is not unpadded base64url`)
    const json = decodeUtf8(fromB64url(header))
    checkEqual(json, str(c, 'stampJson'), `${name} stamp decodes to stampJson`)
    checkEqual(
      json,
      `{"publicKey":"${hex(pub)}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"${str(c, 'signatureDerHex')}"}`,
      `${name} stamp JSON layout`,
    )
  }
  const names = readCases('stamp.json').map((c) => c.name)
  for (const wanted of ['der-r-padded', 'der-r-short', 'der-s-short', 'high-s-max-length-der']) {
    check(names.includes(wanted), `stamp.json: missing ${wanted}`)
  }
}

/** Checks a section-5 bundle string; returns the decoded data JSON when the signature verifies. */
function openSignedBundle(
  bundle: string,
  trustedSigner: string,
): { dataJson: string; signatureValid: boolean } {
  const parsed = JSON.parse(bundle) as Json
  checkEqual(
    Object.keys(parsed).join(','),
    'version,data,dataSignature,enclaveQuorumPublic',
    'bundle key order',
  )
  checkEqual(str(parsed, 'version'), 'v1.0.0', 'bundle version')
  checkEqual(str(parsed, 'enclaveQuorumPublic'), trustedSigner, 'bundle signer')
  const data = hexToBytes(str(parsed, 'data'))
  const signatureValid = verifyDer(hexToBytes(str(parsed, 'dataSignature')), data, hexToBytes(trustedSigner))
  return { dataJson: decodeUtf8(data), signatureValid }
}

function verifyTargetBundleFile(): void {
  for (const c of readCases('target-bundle.json')) {
    const name = `target-bundle.json ${str(c, 'name')}`
    checkEqual(
      str(c, 'enclaveQuorumPublic'),
      publicUncompressedHex(hexToBytes(str(c, 'signerPrivateKeyHex'))),
      `${name} signer`,
    )
    const { dataJson, signatureValid } = openSignedBundle(str(c, 'bundle'), str(c, 'enclaveQuorumPublic'))
    checkEqual(dataJson, str(c, 'dataJson'), `${name} data`)
    const data = JSON.parse(dataJson) as Json
    checkEqual(str(data, 'targetPublic'), str(c, 'targetPublic'), `${name} targetPublic`)
    let onCurve = true
    try {
      check(hexToBytes(str(data, 'targetPublic')).length === 65, 'length')
      p256.Point.fromBytes(hexToBytes(str(data, 'targetPublic'))).assertValidity()
    } catch {
      onCurve = false
    }
    const expect = str(c, 'expect')
    if (expect === 'valid') {
      check(signatureValid && onCurve, `${name}: should be valid`)
      checkEqual(
        str(c, 'targetPublic'),
        publicUncompressedHex(hexToBytes(str(c, 'targetPrivateKeyHex'))),
        `${name} target key`,
      )
    } else if (expect === 'invalid-signature') {
      check(!signatureValid && onCurve, `${name}: signature should fail`)
    } else if (expect === 'invalid-target-public') {
      check(signatureValid && !onCurve, `${name}: target should be off-curve`)
    } else {
      fail(`${name}: unknown expect ${expect}`)
    }
    check(
      c.highS === parseDer(hexToBytes(str(c, 'dataSignatureDerHex'))).s > P256_N / 2n,
      `${name} highS flag`,
    )
  }
}

function verifyEncryptedOtpFile(): void {
  for (const c of readCases('encrypted-otp.json')) {
    const name = `encrypted-otp.json ${str(c, 'name')}`
    const bundle = JSON.parse(str(c, 'encryptedOtpBundle')) as Json
    checkEqual(Object.keys(bundle).join(','), 'encappedPublic,ciphertext', `${name} key order`)
    check(str(bundle, 'encappedPublic').length === 130, `${name}: encappedPublic must be 130 hex chars`)
    const plaintext = openProfile({
      recipientSecretKey: hexToBytes(str(c, 'targetPrivateKeyHex')),
      enc: hexToBytes(str(bundle, 'encappedPublic')),
      ciphertext: hexToBytes(str(bundle, 'ciphertext')),
    })
    checkEqual(decodeUtf8(plaintext), str(c, 'plaintext'), `${name} plaintext`)
    checkEqual(
      str(c, 'plaintext'),
      `{"otp_code":"${str(c, 'otpCode')}","public_key":"${str(c, 'tekPublicCompressed')}"}`,
      `${name} plaintext layout`,
    )
    checkEqual(
      str(c, 'tekPublicCompressed'),
      publicCompressedHex(hexToBytes(str(c, 'tekPrivateKeyHex'))),
      `${name} TEK`,
    )
    checkEqual(
      str(c, 'encappedPublic'),
      publicUncompressedHex(hexToBytes(str(c, 'ephemeralPrivateKeyHex'))),
      `${name} enc`,
    )
    const aad = projectAad(hexToBytes(str(c, 'encappedPublic')), hexToBytes(str(c, 'targetPublic')))
    checkEqual(str(c, 'aadHex'), hex(aad), `${name} aad`)
    const target = JSON.parse(
      openSignedBundle(str(c, 'targetBundle'), JSON.parse(str(c, 'targetBundle')).enclaveQuorumPublic)
        .dataJson,
    ) as Json
    checkEqual(str(target, 'targetPublic'), str(c, 'targetPublic'), `${name} targetBundle matches`)
  }
}

function verifySealedKeyFile(): void {
  const prefixes = new Set<string>()
  for (const c of readCases('sealed-key.json')) {
    const name = `sealed-key.json ${str(c, 'name')}`
    const payload = base58checkDecode(str(c, 'encryptedSessionSigningKey'))
    check(payload.length === 33 + 32 + 16, `${name}: payload length ${payload.length}`)
    const enc = payload.subarray(0, 33)
    prefixes.add(hex(enc.subarray(0, 1)))
    checkEqual(hex(uncompressed(enc)), str(c, 'encappedPublicUncompressed'), `${name} enc decompresses`)
    const scalar = openProfile({
      recipientSecretKey: hexToBytes(str(c, 'recipientPrivateKeyHex')),
      enc,
      ciphertext: payload.subarray(33),
    })
    checkEqual(hex(scalar), str(c, 'sessionPrivateKeyHex'), `${name} opened scalar`)
    checkEqual(str(c, 'sessionPublicCompressed'), publicCompressedHex(scalar), `${name} session public`)
    let rejected = false
    try {
      base58checkDecode(str(c, 'encryptedSessionSigningKeyBadChecksum'))
    } catch {
      rejected = true
    }
    check(rejected, `${name}: bad checksum was accepted`)
  }
  check(prefixes.has('02') && prefixes.has('03'), 'sealed-key.json: need both 02 and 03 enc prefixes')
}

function verifyWalletExportFile(): void {
  for (const c of readCases('wallet-export.json')) {
    const name = `wallet-export.json ${str(c, 'name')}`
    const { dataJson, signatureValid } = openSignedBundle(
      str(c, 'encryptedWalletCredentials'),
      str(c, 'enclaveQuorumPublic'),
    )
    check(signatureValid, `${name}: dataSignature does not verify`)
    const data = JSON.parse(dataJson) as Json
    checkEqual(
      Object.keys(data).join(','),
      'encappedPublic,ciphertext,organizationId',
      `${name} data key order`,
    )
    checkEqual(str(data, 'organizationId'), str(c, 'organizationId'), `${name} organizationId`)
    const mnemonic = openProfile({
      recipientSecretKey: hexToBytes(str(c, 'recipientPrivateKeyHex')),
      enc: hexToBytes(str(data, 'encappedPublic')),
      ciphertext: hexToBytes(str(data, 'ciphertext')),
    })
    checkEqual(decodeUtf8(mnemonic), str(c, 'mnemonic'), `${name} mnemonic`)
    check(
      c.highS === parseDer(hexToBytes(str(c, 'dataSignatureDerHex'))).s > P256_N / 2n,
      `${name} highS flag`,
    )
  }
}

function main(): void {
  checkRfc9180()
  checkBase58Known()
  const files = buildAll()
  const again = buildAll()
  for (const [file, content] of Object.entries(files)) {
    const text = `${JSON.stringify(content, null, 2)}\n`
    check(text === `${JSON.stringify(again[file], null, 2)}\n`, `${file}: generation is not deterministic`)
    writeFileSync(join(OUT_DIR, file), text)
  }
  verifyStampFile()
  verifyTargetBundleFile()
  verifyEncryptedOtpFile()
  verifySealedKeyFile()
  verifyWalletExportFile()
  console.log(
    `vectors: RFC 9180 A.3.1 reproduced; wrote and re-verified ${Object.keys(files).join(', ')} in ${OUT_DIR}`,
  )
}

main()
