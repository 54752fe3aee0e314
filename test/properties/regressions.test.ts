// The shrunk counterexamples the properties found, kept as fixed cases so that each bug stays
// fixed whatever the random seed of the next run.
import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { importVerifyKey, verifyDerSignature } from '../../src/crypto/ecdsa.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { toUncompressedPublicKey } from '../../src/crypto/p256.js'
import { rawSignatureToDer } from '../../src/crypto/rawSignatureToDer.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { AccountOrWalletInfo, parseWire, QuoteDestination, QuoteSource } from '../../src/wire/index.js'
import { expectCode } from '../helpers/expectCode.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }
import { PROTOTYPE_NAMES } from './hostile.js'

const vector = stampVectors.cases[0]
if (!vector) throw new Error('stamp vectors missing')

describe('regressions found by the properties', () => {
  // Was: TypeError "variant?.safeParse is not a function" out of parseWire.
  it.each([
    ['AccountOrWalletInfo', AccountOrWalletInfo, 'accountType'],
    ['QuoteSource', QuoteSource, 'sourceType'],
    ['QuoteDestination', QuoteDestination, 'destinationType'],
  ] as const)('%s reads a prototype-named tag as an unknown variant', (name, schema, key) => {
    for (const tag of PROTOTYPE_NAMES) {
      expect(parseWire(schema, { [key]: tag }, name)).toEqual({ [key]: tag })
    }
  })

  // Was: TypeError from `raw.length` / `key.length` / bytesToHex on a non-array.
  it('rawSignatureToDer, toUncompressedPublicKey and importVerifyKey refuse undefined with their codes', async () => {
    await expectCode(() => rawSignatureToDer(undefined as never), 'INVALID_SIGNATURE_ENCODING')
    await expectCode(() => toUncompressedPublicKey(undefined as never), 'INVALID_PUBLIC_KEY')
    await expectCode(() => importVerifyKey(undefined as never), 'INVALID_PUBLIC_KEY')
  })

  // Was: Node's WebCrypto imported the SEC1 hybrid form (06/07 || x || y), so a verifier took a
  // key encoding no wire format uses.
  it('importVerifyKey and verifyDerSignature refuse a real key in the hybrid form', async () => {
    const point = p256.getPublicKey(hexToBytes(vector.privateKeyHex), false)
    for (const prefix of [0x06, 0x07]) {
      const hybrid = Uint8Array.from(point)
      hybrid[0] = prefix
      await expectCode(() => importVerifyKey(hybrid), 'INVALID_PUBLIC_KEY')
      await expectCode(
        () =>
          verifyDerSignature({
            publicKey: hybrid,
            signature: hexToBytes(vector.signatureDerHex),
            message: utf8(vector.payloadToSign),
          }),
        'INVALID_PUBLIC_KEY',
      )
    }
    expect(
      await verifyDerSignature({
        publicKey: point,
        signature: hexToBytes(vector.signatureDerHex),
        message: utf8(vector.payloadToSign),
      }),
    ).toBe(true)
  })
})
