// The signing path reads 202 challenges and Error objects without zod (so that keys+stamp+fetch
// stays small). These tests hold those readers to the zod schemas of src/wire, value for value, and
// the date-time reader (the wire's `DateTime` checks with it too) to zod's own ISO date-time.
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { readErrorBody } from '../../src/fetch/readErrorBody.js'
import { readSignedRetryChallenge } from '../../src/fetch/readSignedRetryChallenge.js'
import { ErrorBody, SignedRetryChallenge } from '../../src/wire/index.js'
import { isDateTime } from '../../src/wire/isDateTime.js'
import { DateTime } from '../../src/wire/primitives.js'

const DATE_TIMES = [
  '2026-11-22T02:30:00Z',
  '2026-11-22T02:30:00.123Z',
  '2026-11-22T02:30:00.123456789+01:00',
  '2026-11-22T23:59:59-23:59',
  '2024-02-29T00:00:00Z',
  '2000-02-29T00:00:00Z',
  '1900-02-29T00:00:00Z',
  '2026-02-29T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-01-00T00:00:00Z',
  '0000-02-29T00:00:00Z',
  '0004-02-29T00:00:00Z',
  '0100-02-29T00:00:00Z',
  '0099-12-31T00:00:00Z',
  '2026-11-22T24:00:00Z',
  '2026-11-22T02:60:00Z',
  '2026-11-22T02:30:60Z',
  '2026-11-22T02:30Z',
  '2026-11-22T02:30:00',
  '2026-11-22T02:30:00z',
  '2026-11-22t02:30:00Z',
  '2026-11-22 02:30:00Z',
  '2026-11-22T02:30:00+24:00',
  '2026-11-22T02:30:00+0100',
  '2026-11-22T02:30:00.Z',
  '2026-11-22',
  ' 2026-11-22T02:30:00Z',
  '2026-11-22T02:30:00Z\n',
  '+002026-11-22T02:30:00Z',
  '',
]

// Odd values each field is replaced by in turn.
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  'Request:',
  'Request:1',
  'request:1',
  0,
  -1,
  1.5,
  2 ** 53,
  401,
  Number.NaN,
  true,
  [],
  ['a'],
  {},
  { a: 1 },
  Object.create(null),
  new Date(0),
  ...DATE_TIMES,
]

function variants(base: Record<string, unknown>): unknown[] {
  const out: unknown[] = [base, null, undefined, 'text', 42, [], [base], {}]
  for (const field of Object.keys(base)) {
    for (const value of ODD_VALUES) out.push({ ...base, [field]: value })
    const { [field]: _dropped, ...rest } = base
    out.push(rest)
  }
  out.push({ ...base, extra: 'kept' })
  return out
}

/** `read` accepts exactly the variants of `base` that `schema` accepts, and both outcomes occur often. */
function expectAgreement(
  read: (value: unknown) => unknown,
  schema: { safeParse(value: unknown): { success: boolean } },
  base: Record<string, unknown>,
) {
  const cases = variants(base)
  let accepted = 0
  for (const value of cases) {
    const ours = read(value) !== undefined
    expect(ours, JSON.stringify(value)).toBe(schema.safeParse(value).success)
    if (ours) accepted++
  }
  expect(accepted).toBeGreaterThan(10)
  expect(accepted).toBeLessThan(cases.length / 2)
}

describe('zod-free readers of the signing path', () => {
  it("isDateTime and the wire DateTime accept exactly what zod's ISO date-time with offsets accepts", () => {
    const zodDateTime = z.iso.datetime({ offset: true })
    for (const value of [...DATE_TIMES, ...ODD_VALUES]) {
      const expected = zodDateTime.safeParse(value).success
      expect(isDateTime(value), JSON.stringify(value)).toBe(expected)
      expect(DateTime.safeParse(value).success, JSON.stringify(value)).toBe(expected)
    }
  })

  it('readSignedRetryChallenge agrees with the SignedRetryChallenge schema', () => {
    expectAgreement(readSignedRetryChallenge, SignedRetryChallenge, {
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      payloadToSign: '{"type":"ACTIVITY_TYPE_STAMP_LOGIN"}',
      requestId: 'Request:7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
      expiresAt: '2026-11-22T02:35:00.000Z',
    })
  })

  it('readErrorBody agrees with the ErrorBody schema', () => {
    expectAgreement(readErrorBody, ErrorBody, {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Authentication failed.',
      details: { field: 'x' },
      reason: 'Invalid OTP code',
    })
  })
})
