// The property files above must cover every parser and decoder of the entry points issue 7 names.
// Each runtime export of those entry points is listed here either with the property file that
// covers it or with why it decodes nothing; a new export fails this test until it is placed.
import { describe, expect, it } from 'vitest'
import * as crypto from '../../src/crypto/index.js'
import * as oauth from '../../src/oauth/index.js'
import * as otp from '../../src/otp/index.js'
import * as session from '../../src/session/index.js'
import * as stamp from '../../src/stamp/index.js'
import * as wire from '../../src/wire/index.js'
import { recordReliability } from '../reliability/recordReliability.js'

const COVERED_IN: Record<string, string> = {
  // crypto
  base58CheckDecode: 'encodings',
  base58CheckEncode: 'encodings',
  base64UrlToBytes: 'encodings',
  bytesToBase64Url: 'encodings',
  bytesToHex: 'encodings',
  hexToBytes: 'encodings',
  derSignatureToRaw: 'signatures',
  rawSignatureToDer: 'signatures',
  importVerifyKey: 'signatures',
  verifyDerSignature: 'signatures',
  assertUncompressedPoint: 'signatures',
  compressPublicKey: 'signatures',
  decompressPublicKey: 'signatures',
  toUncompressedPublicKey: 'signatures',
  hpkeOpen: 'envelopes',
  hpkeSeal: 'envelopes',
  verifyEnclaveBundle: 'envelopes',
  // stamp
  stamp: 'stamp',
  verifyStamp: 'stamp',
  stampChallenge: 'stamp',
  // session, otp, oauth
  openSealedSessionKey: 'envelopes',
  openWalletExport: 'envelopes',
  sessionFromAuthSession: 'envelopes',
  encryptOtp: 'envelopes',
  checkIdToken: 'envelopes',
  // wire: parseWire, parseWireJson and every schema (wire.test.ts enumerates the schemas itself)
  parseWire: 'wire',
  parseWireJson: 'wire',
  prefixedId: 'wire',
}

const NOT_DECODERS: Record<string, string> = {
  concatBytes: 'joins byte arrays; no input to reject',
  sha256Hex: 'hashes any string',
  utf8: 'encodes any string',
  ECDSA_P256: 'constant',
  ECDSA_SHA256: 'constant',
  HPKE_INFO: 'constant',
  P256_ORDER: 'constant',
  PRODUCTION_EXPORT_SIGNER: 'constant',
  PRODUCTION_OTP_SIGNER: 'constant',
  STAMP_SCHEME: 'constant',
  WALLET_SIGNATURE_HEADER: 'constant',
  ACCOUNT_TYPES: 'constant',
  generateRecipientKey: 'makes a key; takes no input',
  oidcNonce: 'hashes any string',
}

const isSchema = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { safeParse?: unknown }).safeParse === 'function'

describe('property coverage', () => {
  it('places every export of wire, crypto, stamp, session, otp and oauth', async () => {
    const modules = { wire, crypto, stamp, session, otp, oauth }
    const covered: string[] = []
    for (const [module, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        const placed = name in COVERED_IN || name in NOT_DECODERS || (module === 'wire' && isSchema(value))
        expect(placed, `${module}.${name} is neither covered by a property nor listed as no decoder`).toBe(
          true,
        )
        if (!(name in NOT_DECODERS)) covered.push(`${module}.${name}`)
      }
    }
    await recordReliability({
      area: 'properties',
      name: 'Coverage of the decoders',
      tried:
        'Every runtime export of the wire, crypto, stamp, session, otp and oauth entry points is either ' +
        'exercised by a property file or listed as no decoder (constants, hashes, key generation).',
      figures: [
        [
          'exports examined',
          Object.values(modules).reduce((sum, exports) => sum + Object.keys(exports).length, 0),
        ],
        ['parsers, decoders and schemas with properties', new Set(covered).size],
        ['exports that decode nothing', Object.keys(NOT_DECODERS).length],
        ['uncovered', 0],
      ],
      outcome: 'No parser or decoder of these entry points is left without a property.',
      lost: 0,
    })
  })
})
