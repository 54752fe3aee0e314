import { describe, expect, it } from 'vitest'
import { base58CheckDecode, base58CheckEncode } from '../../src/crypto/base58check.js'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { expectCode } from '../helpers/expectCode.js'
import sealedKey from '../vectors/sealed-key.json' with { type: 'json' }

describe('hex', () => {
  it('round-trips every byte value, lowercase out, either case in', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    const hex = bytesToHex(all)
    expect(hex).toMatch(/^[0-9a-f]{512}$/)
    expect(hexToBytes(hex)).toEqual(all)
    expect(hexToBytes(hex.toUpperCase())).toEqual(all)
  })

  it.each(['0', 'zz', '0x00', ' 00', '00 ', 'é0'])('rejects %j with INVALID_HEX', async (text) => {
    await expectCode(() => hexToBytes(text), 'INVALID_HEX')
  })

  it('rejects a wrong length and a non-string with INVALID_HEX', async () => {
    await expectCode(() => hexToBytes('0011', 3), 'INVALID_HEX')
    await expectCode(() => hexToBytes(42 as unknown as string), 'INVALID_HEX')
  })
})

describe('base64url', () => {
  it('matches known answers and round-trips', () => {
    expect(bytesToBase64Url(new TextEncoder().encode('hi?>'))).toBe('aGk_Pg')
    expect(new TextDecoder().decode(base64UrlToBytes('aGk_Pg'))).toBe('hi?>')
    expect(new TextDecoder().decode(base64UrlToBytes('aGk_Pg=='))).toBe('hi?>')
    const all = Uint8Array.from({ length: 256 }, (_, i) => 255 - i)
    expect(base64UrlToBytes(bytesToBase64Url(all))).toEqual(all)
  })

  it.each(['a', 'aGk+Pg', 'aGk/Pg', 'a b', 'aGk_Pg===', '*'])(
    'rejects %j with INVALID_BASE64URL',
    async (text) => {
      await expectCode(() => base64UrlToBytes(text), 'INVALID_BASE64URL')
    },
  )
})

describe('base58check', () => {
  it.each(sealedKey.base58check)(
    'matches the independent encoder for $payloadHex',
    async ({ payloadHex, encoded }) => {
      expect(await base58CheckEncode(hexToBytes(payloadHex))).toBe(encoded)
      expect(bytesToHex(await base58CheckDecode(encoded))).toBe(payloadHex)
    },
  )

  it('rejects a bad checksum, bad characters and empty input', async () => {
    const [first] = sealedKey.cases
    await expectCode(
      () => base58CheckDecode(first?.encryptedSessionSigningKeyBadChecksum ?? ''),
      'INVALID_BASE58CHECK',
    )
    await expectCode(() => base58CheckDecode('0OIl'), 'INVALID_BASE58CHECK')
    await expectCode(() => base58CheckDecode(''), 'INVALID_BASE58CHECK')
    await expectCode(() => base58CheckDecode('2'), 'INVALID_BASE58CHECK')
  })
})
