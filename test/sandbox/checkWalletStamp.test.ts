// The sandbox's synchronous stamp check agrees with the kit's verifyStamp on every known-answer
// vector (high-S included) and on every kind of malformed stamp.
import { describe, expect, it } from 'vitest'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { checkWalletStamp } from '../../src/sandbox/checkWalletStamp.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import stampVectors from '../vectors/stamp.json' with { type: 'json' }

const encode = (json: string) => bytesToBase64Url(new TextEncoder().encode(json))
const NOT_ON_CURVE = `02${'00'.repeat(31)}01`

describe('checkWalletStamp', () => {
  it.each(stampVectors.cases)('verifies $name as the kit does', async (vector) => {
    expect(checkWalletStamp(vector.stamp, vector.payloadToSign)).toEqual(
      await verifyStamp(vector.stamp, vector.payloadToSign),
    )
    expect(checkWalletStamp(vector.stamp, vector.payloadToSign)).toEqual({
      valid: true,
      publicKey: vector.publicKeyCompressed,
    })
    expect(checkWalletStamp(vector.stamp, `${vector.payloadToSign} `).valid).toBe(false)
  })

  it.each([
    ['not base64url', '***'],
    ['not JSON', encode('{publicKey')],
    ['no signature', encode('{"publicKey":"02aa","scheme":"SIGNATURE_SCHEME_TK_API_P256"}')],
    [
      'another scheme',
      encode(
        `{"publicKey":"${stampVectors.cases[0]?.publicKeyCompressed}","scheme":"X","signature":"3006020101020101"}`,
      ),
    ],
    [
      'bad DER',
      encode(
        `{"publicKey":"${stampVectors.cases[0]?.publicKeyCompressed}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"30"}`,
      ),
    ],
    [
      'a point off the curve',
      encode(
        `{"publicKey":"${NOT_ON_CURVE}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"3006020101020101"}`,
      ),
    ],
    [
      'an uncompressed key',
      encode(
        `{"publicKey":"${stampVectors.cases[0]?.publicKeyUncompressed}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"3006020101020101"}`,
      ),
    ],
  ])('throws INVALID_STAMP for %s, as the kit does', async (_name, header) => {
    expect(() => checkWalletStamp(header, 'x')).toThrow(expect.objectContaining({ code: 'INVALID_STAMP' }))
    await expect(verifyStamp(header, 'x')).rejects.toMatchObject({ code: 'INVALID_STAMP' })
  })
})
