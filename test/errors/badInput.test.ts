// Every parser and decoder, fed hostile input of every kind, fails with the kit's typed error:
// never a TypeError or RangeError from deep inside.
import { describe, expect, it } from 'vitest'
import { base58CheckDecode } from '../../src/crypto/base58check.js'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.js'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { assertUncompressedPoint, decompressPublicKey } from '../../src/crypto/p256.js'
import { WalletAuthError } from '../../src/errors.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { checkIdToken } from '../../src/oauth/checkIdToken.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { generateRecipientKey } from '../../src/session/generateRecipientKey.js'
import { openSealedSessionKey } from '../../src/session/openSealedSessionKey.js'
import { openWalletExport } from '../../src/session/openWalletExport.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { stampChallenge } from '../../src/stamp/stampChallenge.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import {
  AuthSession,
  ErrorBody,
  parseWire,
  parseWireJson,
  Quote,
  SignedRetryChallenge,
} from '../../src/wire/index.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }
import targetBundles from '../vectors/target-bundle.json' with { type: 'json' }

const vector = stampVectors.cases[0]
const bundle = targetBundles.cases[0]
if (!vector || !bundle) throw new Error('vectors missing')

// Wrong types, empty, truncated, non-hex, oversized and structurally odd values.
const HOSTILE: unknown[] = [
  undefined,
  null,
  0,
  -1,
  Number.NaN,
  true,
  {},
  [],
  [1, 2],
  '',
  ' ',
  'zz',
  '0',
  '{',
  '{"a":1}',
  'null',
  '\u0000',
  '\uD800',
  'é'.repeat(70),
  'a'.repeat(100_000),
  vector.stamp.slice(0, 20),
  vector.signatureDerHex.slice(0, 10),
  bundle.bundle.slice(0, 40),
  new Uint8Array(0),
  new Uint8Array(7),
  new Uint8Array(33),
  new Uint8Array(65),
  new Uint8Array(200).fill(0xff),
]

const asBytes = (value: unknown) => value as Uint8Array
const asString = (value: unknown) => value as string

async function outcome(action: () => unknown): Promise<unknown> {
  try {
    await action()
    return 'accepted'
  } catch (error) {
    return error
  }
}

describe('hostile input', async () => {
  const tek = await generateSessionKey()
  const recipient = await generateRecipientKey()
  const credential = {
    credentialId: 'AuthMethod:1',
    accountId: 'InternalAccount:1',
    type: 'EMAIL_OTP' as const,
  }

  const parsers: Record<string, (value: unknown) => unknown> = {
    hexToBytes: (v) => hexToBytes(asString(v)),
    base64UrlToBytes: (v) => base64UrlToBytes(asString(v)),
    base58CheckDecode: (v) => base58CheckDecode(asString(v)),
    derSignatureToRaw: (v) => derSignatureToRaw(asBytes(v)),
    decompressPublicKey: (v) => decompressPublicKey(asBytes(v)),
    assertUncompressedPoint: (v) => assertUncompressedPoint(asBytes(v)),
    'verifyStamp header': (v) => verifyStamp(asString(v), 'payload'),
    'stampChallenge challenge': (v) => stampChallenge(v as never, tek),
    'encryptOtp targetBundle': (v) =>
      encryptOtp({
        otpCode: '000000',
        targetBundle: asString(v),
        publicKey: tek.publicKey,
        trustedSigners: [bundle.enclaveQuorumPublic],
      }),
    'encryptOtp otpCode': (v) =>
      encryptOtp({
        otpCode: asString(v),
        targetBundle: bundle.bundle,
        publicKey: tek.publicKey,
        trustedSigners: [bundle.enclaveQuorumPublic],
      }),
    'encryptOtp publicKey': (v) =>
      encryptOtp({
        otpCode: '000000',
        targetBundle: bundle.bundle,
        publicKey: asString(v),
        trustedSigners: [bundle.enclaveQuorumPublic],
      }),
    openSealedSessionKey: (v) => openSealedSessionKey(asString(v), recipient.keyPair),
    openWalletExport: (v) => openWalletExport(asString(v), recipient.keyPair),
    checkIdToken: (v) => checkIdToken(asString(v)),
    sessionFromAuthSession: (v) => sessionFromAuthSession({ response: v, pendingKey: tek, credential }),
    'parseWire Quote': (v) => parseWire(Quote, v, 'Quote'),
    'parseWire AuthSession': (v) => parseWire(AuthSession, v, 'AuthSession'),
    'parseWire SignedRetryChallenge': (v) => parseWire(SignedRetryChallenge, v, 'Challenge'),
    'parseWireJson ErrorBody': (v) => parseWireJson(ErrorBody, v, 'Error'),
  }

  // The hostile values that are well-formed for a given parser: empty hex or base64url is zero
  // bytes, and 'null' is a valid alphanumeric code. Everything else must be refused.
  const wellFormed: Record<string, unknown[]> = {
    hexToBytes: ['', 'a'.repeat(100_000), vector.signatureDerHex.slice(0, 10)],
    base64UrlToBytes: [
      '',
      'zz',
      'null',
      'a'.repeat(100_000),
      vector.stamp.slice(0, 20),
      vector.signatureDerHex.slice(0, 10),
    ],
    'encryptOtp otpCode': ['null', vector.signatureDerHex.slice(0, 10)],
  }

  it.each(Object.keys(parsers))('%s rejects every hostile value with a WalletAuthError', async (name) => {
    const parse = parsers[name]
    if (!parse) throw new Error(name)
    for (const value of HOSTILE) {
      const result = await outcome(() => parse(value))
      const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value)
      if (wellFormed[name]?.includes(value)) expect(result, `${name}(${shown})`).toBe('accepted')
      else expect(result, `${name}(${shown})`).toBeInstanceOf(WalletAuthError)
    }
  })
})
