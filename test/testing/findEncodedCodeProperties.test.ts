// Properties of the guard's detector over random codes, texts around them and stacked encodings
// (fixed seed): every encoding of a code is found and named, and no encoding of a longer number is.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findEncodedCode } from '../../src/testing/playwright/findEncodedCode.js'

const SEED = 19
const latin1 = (text: string) => Buffer.from(text, 'latin1')
const uEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

interface Form {
  spelledOut: boolean
  apply: (digits: string, separator: string) => string
  /** Whether the detector takes this form of `digits` for them (groups of one size only). */
  fits?: (digits: string) => boolean
}
// What a page may do to the digits before putting them in a text.
const FORMS: Form[] = [
  { spelledOut: false, apply: (digits) => digits },
  { spelledOut: true, apply: (digits, separator) => [...digits].join(separator) },
  {
    spelledOut: true,
    apply: (digits, separator) => (digits.match(/.{1,3}/g) ?? []).join(separator),
    fits: (digits) => digits.length % 3 === 0,
  },
  { spelledOut: true, apply: (digits) => JSON.stringify([...digits].map(Number)) },
  { spelledOut: true, apply: (digits) => JSON.stringify([...digits]) },
]

interface Encoding {
  name: string
  apply: (text: string) => string
}
// What a page may do to the whole text before sending it; `name` is what the detector calls it.
const ENCODINGS: Encoding[] = [
  {
    name: 'percent-encoded',
    apply: (text) => [...latin1(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  },
  { name: 'base64', apply: (text) => latin1(text).toString('base64') },
  { name: 'base64', apply: (text) => latin1(text).toString('base64url') },
  { name: 'hex', apply: (text) => latin1(text).toString('hex') },
  { name: 'hex', apply: (text) => latin1(text).toString('hex').toUpperCase() },
  { name: 'JSON-escaped', apply: (text) => [...text].map(uEscape).join('') },
  { name: 'bytes', apply: (text) => JSON.stringify([...latin1(text)]) },
]

// Codes of 6 digits (groups of three fit them), and of 4 to 8.
const code = fc.oneof(fc.stringMatching(/^[0-9]{6}$/), fc.stringMatching(/^[0-9]{4,8}$/))
// A key of 0 to 5 letters moves the digits through every byte offset of a base64 group.
const place = fc.oneof(
  fc.stringMatching(/^[a-z]{0,5}$/).map((key) => (value: string) => `{"${key}":"${value}"}`),
  fc.constant((value: string) => value),
)
const form = fc.constantFrom(...FORMS)
const separator = fc.constantFrom(' ', '-', '.', ',', ', ')
// Outermost last: up to three, as deep as the detector reads.
const stack = fc.array(fc.constantFrom(...ENCODINGS), { maxLength: 3 })

const sent = (value: string, wrap: (value: string) => string, encodings: Encoding[]) =>
  encodings.reduce((text, encoding) => encoding.apply(text), wrap(value))

describe('findEncodedCode, over random codes and encodings', () => {
  it('finds every code in every form, place and stack of up to three encodings, and names them', () => {
    fc.assert(
      fc.property(
        code,
        form,
        separator,
        place,
        stack,
        (digits, { spelledOut, apply, fits }, sep, wrap, encodings) => {
          fc.pre(fits?.(digits) ?? true)
          const via = [...encodings].reverse().map(({ name }) => name)
          expect(findEncodedCode(digits, sent(apply(digits, sep), wrap, encodings))).toEqual(
            spelledOut ? [...via, 'spelled out'] : via,
          )
        },
      ),
      { seed: SEED, numRuns: 1000 },
    )
  })

  it('finds no code inside a longer number, in whatever form, place and stack', () => {
    const extra = fc.stringMatching(/^[0-9]{0,3}$/)
    fc.assert(
      fc.property(
        code,
        extra,
        extra,
        form,
        separator,
        place,
        stack,
        (digits, before, after, { apply }, sep, wrap, encodings) => {
          fc.pre(before.length + after.length > 0)
          expect(
            findEncodedCode(digits, sent(apply(`${before}${digits}${after}`, sep), wrap, encodings)),
          ).toBeUndefined()
        },
      ),
      { seed: SEED, numRuns: 1000 },
    )
  })

  it('finds no code in random bytes, as base64, base64url or hex, that do not hold it', () => {
    fc.assert(
      fc.property(code, fc.uint8Array({ minLength: 16, maxLength: 64 }), (digits, bytes) => {
        const buffer = Buffer.from(bytes)
        fc.pre(!buffer.toString('latin1').includes(digits))
        for (const text of [
          buffer.toString('base64'),
          buffer.toString('base64url'),
          buffer.toString('hex'),
        ]) {
          expect(findEncodedCode(digits, text)).toBeUndefined()
        }
      }),
      { seed: SEED, numRuns: 500 },
    )
  })
})
