// Properties of the text encodings every wire format sits on: hex, base64url and base58check.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { base58CheckDecode, base58CheckEncode } from '../../src/crypto/base58check.js'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import sealedKeys from '../vectors/sealed-key.json' with { type: 'json' }
import { anyValue, hostileString, refusedWith, settle } from './hostile.js'
import { createPropertyTally } from './propertyTally.js'

const tally = createPropertyTally()
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const bytes = fc.uint8Array({ maxLength: 96 })
// Leading zero bytes are base58's special case ('1' each): generate them on purpose.
const zeroLed = fc
  .tuple(fc.nat({ max: 4 }), fc.uint8Array({ maxLength: 60 }))
  .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]))

afterAll(() =>
  tally.record({
    name: 'Encodings: hex, base64url, base58check',
    tried:
      'Random byte strings through each encoder and back; hostile values of every type (any code unit, ' +
      'near-miss alphabets, numbers, objects, byte arrays) into each decoder; one-character changes to ' +
      'base58check text.',
    covered: [
      'hexToBytes',
      'bytesToHex',
      'base64UrlToBytes',
      'bytesToBase64Url',
      'base58CheckDecode',
      'base58CheckEncode',
    ],
  }),
)

describe('hex', () => {
  it('round trips any bytes, in either case, and checks the expected length', async () => {
    await tally.check(
      'hex: hexToBytes(bytesToHex(b)) = b, uppercase too, expectedLength enforced',
      fc.property(bytes, fc.nat({ max: 100 }), (b, other) => {
        const hex = bytesToHex(b)
        expect(hex).toMatch(/^(?:[0-9a-f]{2})*$/)
        expect(hexToBytes(hex)).toEqual(b)
        expect(hexToBytes(hex.toUpperCase(), b.length)).toEqual(b)
        if (other !== b.length)
          expect(() => hexToBytes(hex, other)).toThrow(expect.objectContaining({ code: 'INVALID_HEX' }))
      }),
      300,
    )
  })

  it('accepts exactly the strings of whole hex bytes, and throws only INVALID_HEX otherwise', async () => {
    await tally.check(
      'hex: hexToBytes(any value) accepts exactly /^([0-9a-f]{2})*$/i, else INVALID_HEX',
      fc.asyncProperty(fc.oneof(hostileString, anyValue), async (value) => {
        const settled = await settle(() => hexToBytes(value as string))
        const wellFormed = typeof value === 'string' && /^(?:[0-9a-fA-F]{2})*$/.test(value)
        expect(settled.ok).toBe(wellFormed)
        if (settled.ok) expect(bytesToHex(settled.value)).toBe((value as string).toLowerCase())
        return refusedWith(settled, 'INVALID_HEX')
      }),
      600,
    )
  })
})

describe('base64url', () => {
  it('round trips any bytes, unpadded, as Node encodes them', async () => {
    await tally.check(
      'base64url: base64UrlToBytes(bytesToBase64Url(b)) = b; text equals Buffer base64url',
      fc.property(bytes, (b) => {
        const text = bytesToBase64Url(b)
        expect(text).toBe(Buffer.from(b).toString('base64url'))
        expect(base64UrlToBytes(text)).toEqual(b)
        // Padding is tolerated on input.
        expect(base64UrlToBytes(text.padEnd(Math.ceil(text.length / 4) * 4, '='))).toEqual(b)
      }),
      300,
    )
  })

  it('decodes what it accepts as Node does and throws only INVALID_BASE64URL otherwise', async () => {
    await tally.check(
      'base64url: base64UrlToBytes(any value) agrees with Buffer on accepted text, else INVALID_BASE64URL',
      fc.asyncProperty(fc.oneof(hostileString, anyValue), async (value) => {
        const settled = await settle(() => base64UrlToBytes(value as string))
        if (settled.ok) {
          const text = value as string
          expect(text).toMatch(/^[A-Za-z0-9_-]*={0,2}$/)
          expect(settled.value).toEqual(new Uint8Array(Buffer.from(text, 'base64url')))
          // Re-encoding is canonical: decoding it again gives the same bytes.
          expect(base64UrlToBytes(bytesToBase64Url(settled.value))).toEqual(settled.value)
        }
        return refusedWith(settled, 'INVALID_BASE64URL')
      }),
      600,
    )
  })
})

describe('base58check', () => {
  it('reproduces the vectors', async () => {
    for (const { payloadHex, encoded } of sealedKeys.base58check) {
      expect(await base58CheckEncode(hexToBytes(payloadHex))).toBe(encoded)
      expect(bytesToHex(await base58CheckDecode(encoded))).toBe(payloadHex)
    }
    tally.enumerated('base58check: vectors encode and decode', sealedKeys.base58check.length)
  })

  it('round trips any bytes, leading zeros included', async () => {
    await tally.check(
      'base58check: decode(encode(b)) = b',
      fc.asyncProperty(fc.oneof(bytes, zeroLed), async (b) => {
        const text = await base58CheckEncode(b)
        expect(text).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
        expect(await base58CheckDecode(text)).toEqual(b)
      }),
      300,
    )
  })

  it('refuses any one-character change', async () => {
    await tally.check(
      'base58check: changing one character of the text is INVALID_BASE58CHECK',
      fc.asyncProperty(
        fc.oneof(bytes, zeroLed),
        fc.nat(),
        fc.integer({ min: 1, max: 57 }),
        async (b, at, shift) => {
          const text = await base58CheckEncode(b)
          const index = at % text.length
          const changed = BASE58[(BASE58.indexOf(text[index] as string) + shift) % 58] as string
          const tampered = text.slice(0, index) + changed + text.slice(index + 1)
          const settled = await settle(() => base58CheckDecode(tampered))
          expect(settled.ok).toBe(false)
          return refusedWith(settled, 'INVALID_BASE58CHECK')
        },
      ),
      400,
    )
    tally.flips('base58check text (one character changed)', 400)
  })

  it('throws only INVALID_BASE58CHECK on any value', async () => {
    await tally.check(
      'base58check: base58CheckDecode(any value) is bytes or INVALID_BASE58CHECK',
      fc.asyncProperty(fc.oneof(hostileString, anyValue, fc.constant('1'.repeat(1025))), async (value) => {
        const settled = await settle(() => base58CheckDecode(value as string))
        if (settled.ok) expect(await base58CheckEncode(settled.value)).toBe(value)
        return refusedWith(settled, 'INVALID_BASE58CHECK')
      }),
      600,
    )
  })
})
