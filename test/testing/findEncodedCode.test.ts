// The guard's detector: a watched code in each usual encoding is found (and named), and a longer
// number, a hash or unrelated base64 or hex is not taken for it.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findEncodedCode } from '../../src/testing/playwright/findEncodedCode.js'

const CODE = '482913'
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64')
const base64Url = (text: string) => Buffer.from(text, 'latin1').toString('base64url')
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex')
const bytes = (text: string) => [...Buffer.from(text, 'latin1')]
const percentEncoded = (text: string) => [...text].map((char) => `%${hex(char)}`).join('')
const uEscaped = (text: string) =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')

describe('findEncodedCode finds the code', () => {
  it('as it is, and percent-encoded', () => {
    expect(findEncodedCode(CODE, '{"otp":"482913"}')).toEqual([])
    expect(findEncodedCode(CODE, `otp=${percentEncoded(CODE)}&next=%2F`)).toEqual(['percent-encoded'])
    expect(findEncodedCode(CODE, 'a=%ZZ&otp=%34%38%32%39%31%33')).toEqual(['percent-encoded'])
  })

  it('in base64, alone or at each of the three byte offsets of a larger text', () => {
    expect(findEncodedCode(CODE, base64(CODE))).toEqual(['base64'])
    // The code starts at byte 6, 7 and 8: a multiple of three, one past it, two past it.
    for (const json of ['{"a":"482913"}', '{"ab":"482913"}', '{"otp":"482913"}']) {
      expect(findEncodedCode(CODE, `{"state":"${base64(json)}"}`)).toEqual(['base64'])
    }
    expect(findEncodedCode(CODE, `Basic ${base64('ada:482913')}`)).toEqual(['base64'])
  })

  it('in base64url, in a URL path or glued to a prefix, and base64 percent-encoded in a query', () => {
    // '>>>' and '???' make the two alphabets differ: '+' '/' in base64, '-' '_' in base64url.
    const json = '{"note":">>>???","otp":"482913"}'
    expect(base64(json)).toMatch(/[+/]/)
    expect(base64Url(json)).toMatch(/[-_]/)
    expect(findEncodedCode(CODE, `https://app.example/v1/verify/${base64Url(json)}`)).toEqual(['base64'])
    // Glued to one, two or three characters of the alphabet: the run's groups are off by as many.
    for (const prefix of ['x', 'xy', 'xyz']) {
      expect(findEncodedCode(CODE, `${prefix}${base64('{"otp":"482913"}')}`)).toEqual(['base64'])
    }
    // The standard alphabet's '/' would glue 'v1/' to the code's eight characters.
    expect(findEncodedCode(CODE, `{"path":"v1/${base64Url(CODE)}"}`)).toEqual(['base64'])
    expect(findEncodedCode(CODE, `https://app.example/?s=${percentEncoded(base64(json))}`)).toEqual([
      'percent-encoded',
      'base64',
    ])
  })

  it('in hex, either case, alone or in the hex of a larger text', () => {
    expect(findEncodedCode(CODE, hex(CODE))).toEqual(['hex'])
    expect(findEncodedCode(CODE, `otp=${hex(CODE).toUpperCase()}`)).toEqual(['hex'])
    expect(findEncodedCode(CODE, hex('{"otp":"482913"}').toUpperCase())).toEqual(['hex'])
    expect(findEncodedCode(CODE, `5${hex('{"otp":"482913"}')}`)).toEqual(['hex'])
    expect(findEncodedCode('A1b2Zz', hex('A1b2Zz').toUpperCase())).toEqual(['hex'])
  })

  it('spelled out: separated by spaces, dashes, dots or commas, in groups of one size', () => {
    for (const spelled of ['4 8 2 9 1 3', '482 913', '482-913', '4-8-2-9-1-3', '48.29.13', '4,8,2,9,1,3']) {
      expect(findEncodedCode(CODE, `{"otp":"${spelled}"}`)).toEqual(['spelled out'])
    }
    expect(findEncodedCode(CODE, 'code=482+913')).toEqual(['spelled out'])
  })

  it('as an array of digits or of digit strings', () => {
    expect(findEncodedCode(CODE, '{"otp":[4,8,2,9,1,3]}')).toEqual(['spelled out'])
    expect(findEncodedCode(CODE, '{"otp":[4, 8, 2, 9, 1, 3]}')).toEqual(['spelled out'])
    expect(findEncodedCode(CODE, JSON.stringify({ otp: [...CODE] }))).toEqual(['spelled out'])
  })

  it('as an array of its bytes, or a Uint8Array through JSON.stringify', () => {
    expect(findEncodedCode(CODE, JSON.stringify({ otp: bytes(CODE) }))).toEqual(['bytes'])
    expect(findEncodedCode(CODE, JSON.stringify({ otp: new TextEncoder().encode(CODE) }))).toEqual(['bytes'])
  })

  it('JSON-escaped, whole or in part', () => {
    expect(findEncodedCode(CODE, `{"otp":"${uEscaped(CODE)}"}`)).toEqual(['JSON-escaped'])
    expect(findEncodedCode(CODE, '{"otp":"48\\u00329\\u00313"}')).toEqual(['JSON-escaped'])
  })

  it('through encodings stacked', () => {
    expect(findEncodedCode(CODE, base64(JSON.stringify({ otp: [...CODE].map(Number) })))).toEqual([
      'base64',
      'spelled out',
    ])
    expect(findEncodedCode(CODE, base64(`{"otp":"${uEscaped(CODE)}"}`))).toEqual(['base64', 'JSON-escaped'])
    expect(findEncodedCode(CODE, hex(base64('{"otp":"482913"}')))).toEqual(['hex', 'base64'])
  })
})

describe('findEncodedCode does not take for the code', () => {
  const TIMESTAMP = '1775681700000' // holds 681700
  const inside = '681700'

  it('its digits inside a longer number, in any encoding', () => {
    const texts = [
      `{"at":${TIMESTAMP}}`,
      `at=${percentEncoded(TIMESTAMP)}`,
      base64(`{"at":${TIMESTAMP}}`),
      base64Url(`{"at":"${TIMESTAMP}"}`),
      hex(TIMESTAMP),
      hex(`{"at":${TIMESTAMP}}`).toUpperCase(),
      [...TIMESTAMP].join(' '),
      '1 775 681 700 000',
      JSON.stringify([...TIMESTAMP].map(Number)),
      JSON.stringify([...TIMESTAMP]),
      JSON.stringify(bytes(TIMESTAMP)),
      `{"at":"${uEscaped(TIMESTAMP)}"}`,
    ]
    for (const text of texts)
      expect({ text, found: findEncodedCode(inside, text) }).toEqual({ text, found: undefined })
  })

  it('a spelled-out run with more digits, or groups of different sizes', () => {
    expect(findEncodedCode(CODE, '1 4 8 2 9 1 3')).toBeUndefined()
    expect(findEncodedCode(CODE, '[4,8,2,9,1,3,0]')).toBeUndefined()
    expect(findEncodedCode(CODE, '{"price":4829.13}')).toBeUndefined()
    expect(findEncodedCode(CODE, '{"id":"a482-913"}')).toBeUndefined()
    expect(findEncodedCode(CODE, '{"id":"482-913b"}')).toBeUndefined()
  })

  it('a decimal number holding its digits on either side of the point', () => {
    expect(findEncodedCode('000000', '{"fee":"0.000000"}')).toBeUndefined()
    expect(findEncodedCode(CODE, '{"rate":1.482913}')).toBeUndefined()
    expect(findEncodedCode(CODE, '{"rate":482913.5}')).toBeUndefined()
  })

  it('hashes of it, or unrelated base64 and hex', () => {
    const sha = createHash('sha256').update(CODE).digest()
    expect(findEncodedCode(CODE, sha.toString('hex'))).toBeUndefined()
    expect(findEncodedCode(CODE, sha.toString('base64'))).toBeUndefined()
    expect(findEncodedCode(CODE, `{"bundle":"ab482913cd","key":"Qk482913Zz/+"}`)).toBeUndefined()
    expect(findEncodedCode(CODE, base64('{"otp":"482914"}'))).toBeUndefined()
    // Not an array of bytes: one number is over 255.
    expect(findEncodedCode(CODE, JSON.stringify([...bytes(CODE), 300]))).toBeUndefined()
  })

  it('its digits at an edge a reading cut, where what came before is unknown', () => {
    // Read from its second digit, this hex run is the code's: the first digit belonged to a byte
    // the reading cannot see, as does the last one here.
    expect(findEncodedCode(CODE, `7${hex(CODE)}`)).toBeUndefined()
    expect(findEncodedCode(CODE, `${hex(CODE)}7`)).toBeUndefined()
    // A base64 run cut inside the group before the code's (of a longer number: 123482913), and one
    // cut after a lone character, which began a byte the text no longer holds.
    expect(findEncodedCode(CODE, base64('123482913').slice(2))).toBeUndefined()
    expect(findEncodedCode(CODE, base64('4829130').slice(0, 9))).toBeUndefined()
  })
})
