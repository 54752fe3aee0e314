import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { type EncryptOtpOptions, encryptOtp } from '../../src/otp/encryptOtp.js'
import { expectCode } from '../helpers/expectCode.js'
import encryptedOtps from '../vectors/encrypted-otp.json' with { type: 'json' }
import { openProfile, signDer } from '../vectors/independent.js'
import targetBundles from '../vectors/target-bundle.json' with { type: 'json' }

const byName = (name: string) => {
  const vector = targetBundles.cases.find((c) => c.name === name)
  if (!vector) throw new Error(`vector ${name} missing`)
  return vector
}
const valid = byName('valid')

function openEncryptedOtp(encryptedOtpBundle: string, targetPrivateKeyHex: string) {
  const { encappedPublic, ciphertext } = JSON.parse(encryptedOtpBundle)
  const plaintext = openProfile({
    recipientSecretKey: hexToBytes(targetPrivateKeyHex),
    enc: hexToBytes(encappedPublic),
    ciphertext: hexToBytes(ciphertext),
  })
  return new TextDecoder().decode(plaintext)
}

/** encryptOtp for a fresh TEK under a vector bundle, trusting the vector's signer unless told otherwise. */
async function encryptUnder(
  vector: { bundle: string; enclaveQuorumPublic: string },
  options: Partial<EncryptOtpOptions> = {},
) {
  const tek = await generateSessionKey()
  return encryptOtp({
    otpCode: '000000',
    targetBundle: vector.bundle,
    publicKey: tek.publicKey,
    trustedSigners: [vector.enclaveQuorumPublic],
    ...options,
  })
}

describe('encryptOtp', () => {
  it.each(['valid', 'valid-high-s', 'valid-extra-members'])(
    'encrypts the exact plaintext under the %s bundle, opened independently',
    async (name) => {
      const vector = byName(name)
      const tek = await generateSessionKey()
      const encryptedOtpBundle = await encryptOtp({
        otpCode: '000000',
        targetBundle: vector.bundle,
        publicKey: tek.publicKey,
        trustedSigners: [vector.enclaveQuorumPublic],
      })
      expect(Object.keys(JSON.parse(encryptedOtpBundle))).toEqual(['encappedPublic', 'ciphertext'])
      expect(JSON.parse(encryptedOtpBundle).encappedPublic).toMatch(/^04[0-9a-f]{128}$/)
      expect(openEncryptedOtp(encryptedOtpBundle, vector.targetPrivateKeyHex ?? '')).toBe(
        `{"otp_code":"000000","public_key":"${tek.publicKey}"}`,
      )
    },
  )

  it('keeps the code as typed, letters included, and never puts it in clear in the output', async () => {
    const tek = await generateSessionKey()
    const bundle = await encryptOtp({
      otpCode: 'Ab12Cd',
      targetBundle: valid.bundle,
      publicKey: tek.publicKey,
      trustedSigners: [valid.enclaveQuorumPublic],
    })
    expect(bundle).not.toContain('Ab12Cd')
    expect(bundle).not.toContain(bytesToHex(new TextEncoder().encode('Ab12Cd')))
    expect(JSON.parse(openEncryptedOtp(bundle, valid.targetPrivateKeyHex ?? '')).otp_code).toBe('Ab12Cd')
  })

  it('trusts only the production OTP signer by default', async () => {
    const tek = await generateSessionKey()
    await expectCode(
      () => encryptOtp({ otpCode: '000000', targetBundle: valid.bundle, publicKey: tek.publicKey }),
      'UNTRUSTED_SIGNER',
    )
  })

  it('refuses a bundle signed over the hex text instead of the bytes', async () => {
    await expectCode(
      () => encryptUnder(byName('invalid-signature-over-hex-text')),
      'BUNDLE_SIGNATURE_INVALID',
    )
  })

  it('refuses a signed target key that is not on the curve', async () => {
    await expectCode(() => encryptUnder(byName('invalid-target-public-off-curve')), 'INVALID_PUBLIC_KEY')
  })

  it('detects a swapped target key: re-signing needs the trusted signer', async () => {
    const tek = await generateSessionKey()
    const attacker = p256.utils.randomSecretKey()
    const data = JSON.stringify({ targetPublic: bytesToHex(p256.getPublicKey(attacker, false)) })
    const dataBytes = new TextEncoder().encode(data)
    const swapped = JSON.stringify({ ...JSON.parse(valid.bundle), data: bytesToHex(dataBytes) })
    const options = {
      otpCode: '000000',
      publicKey: tek.publicKey,
      trustedSigners: [valid.enclaveQuorumPublic],
    }
    await expectCode(() => encryptOtp({ ...options, targetBundle: swapped }), 'BUNDLE_SIGNATURE_INVALID')
    const selfSigned = JSON.stringify({
      ...JSON.parse(swapped),
      dataSignature: bytesToHex(signDer(dataBytes, attacker)),
      enclaveQuorumPublic: bytesToHex(p256.getPublicKey(attacker, false)),
    })
    await expectCode(() => encryptOtp({ ...options, targetBundle: selfSigned }), 'UNTRUSTED_SIGNER')
    const skipped = await encryptOtp({
      ...options,
      targetBundle: selfSigned,
      dangerouslySkipSignerCheck: true,
    })
    expect(openEncryptedOtp(skipped, bytesToHex(attacker))).toContain('"otp_code":"000000"')
  })

  it('detects any flipped byte of the bundle', async () => {
    const bundle = JSON.parse(valid.bundle) as Record<string, string>
    const expected: Record<string, string> = {
      data: 'BUNDLE_SIGNATURE_INVALID',
      dataSignature: 'BUNDLE_SIGNATURE_INVALID',
      enclaveQuorumPublic: 'UNTRUSTED_SIGNER',
    }
    for (const [field, code] of Object.entries(expected)) {
      const value = bundle[field] ?? ''
      for (const position of [2, Math.floor(value.length / 2), value.length - 1]) {
        const flipped =
          value.slice(0, position) + (value[position] === '0' ? '1' : '0') + value.slice(position + 1)
        const targetBundle = JSON.stringify({ ...bundle, [field]: flipped })
        const error = await encryptUnder(valid, { targetBundle }).catch((e: unknown) => e)
        expect(error, `${field}[${position}]`).toMatchObject({ name: 'WalletAuthError', code })
      }
    }
  })

  it.each([
    ['not JSON', '{'],
    ['JSON null', 'null'],
    ['missing data', JSON.stringify({ ...JSON.parse(valid.bundle), data: undefined })],
    ['non-hex data', JSON.stringify({ ...JSON.parse(valid.bundle), data: 'zz' })],
    ['short signer key', JSON.stringify({ ...JSON.parse(valid.bundle), enclaveQuorumPublic: '04ab' })],
    ['a number', 42],
  ])('refuses a bundle that is %s with INVALID_TARGET_BUNDLE', async (_name, targetBundle) => {
    await expectCode(
      () => encryptUnder(valid, { targetBundle: targetBundle as string }),
      'INVALID_TARGET_BUNDLE',
    )
  })

  it.each(['123', '1234567890123', '12 34', '12-345', '', 'ééééé'])(
    'refuses the code %j with INVALID_OTP_CODE',
    async (otpCode) => {
      await expectCode(() => encryptUnder(valid, { otpCode }), 'INVALID_OTP_CODE')
    },
  )

  it.each([
    ['compressed', 'tekPublicCompressed'],
    ['uncompressed', 'tekPublicUncompressed'],
  ] as const)(
    'seals the vector TEK %s, in the form given, to the exact known plaintext',
    async (_form, field) => {
      const vector = encryptedOtps.cases[0]
      if (!vector) throw new Error('vector missing')
      const publicKey = vector[field]
      for (const given of [publicKey, publicKey.toUpperCase()]) {
        const sealed = await encryptOtp({
          otpCode: vector.otpCode,
          targetBundle: valid.bundle,
          publicKey: given,
          trustedSigners: [valid.enclaveQuorumPublic],
        })
        expect(openEncryptedOtp(sealed, valid.targetPrivateKeyHex ?? '')).toBe(
          `{"otp_code":"${vector.otpCode}","public_key":"${publicKey}"}`,
        )
      }
      // The compressed form is the vector's own plaintext, byte for byte.
      if (field === 'tekPublicCompressed') {
        expect(`{"otp_code":"${vector.otpCode}","public_key":"${publicKey}"}`).toBe(vector.plaintext)
      }
    },
  )

  it('refuses a TEK that is not a P-256 point in either form', async () => {
    const tek = await generateSessionKey()
    const offCurve = [
      `02${'ff'.repeat(32)}`,
      `04${'00'.repeat(64)}`,
      `04${tek.publicKeyUncompressed.slice(2, 66)}${'00'.repeat(32)}`,
    ]
    const malformed = [
      'abc',
      tek.publicKey.slice(2),
      `06${tek.publicKeyUncompressed.slice(2)}`,
      `${tek.publicKey}00`,
    ]
    for (const publicKey of [...offCurve, ...malformed]) {
      await expectCode(() => encryptUnder(valid, { publicKey }), 'INVALID_PUBLIC_KEY')
    }
  })
})
