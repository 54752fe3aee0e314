// Properties of src/wire: every schema, given arbitrary JSON or hostile edits of a valid value,
// parses or fails with the kit's typed error; the zod-free readers of src/fetch agree with it.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { WalletAuthError } from '../../src/errors.js'
import { readErrorBody } from '../../src/fetch/readErrorBody.js'
import { readSignedRetryChallenge } from '../../src/fetch/readSignedRetryChallenge.js'
import * as wire from '../../src/wire/index.js'
import { isDateTime } from '../../src/wire/isDateTime.js'
import {
  anyValue,
  hostileJson,
  hostileString,
  mutated,
  PROTOTYPE_NAMES,
  refusedWith,
  settle,
} from './hostile.js'
import { createPropertyTally } from './propertyTally.js'
import { WIRE_SAMPLES } from './wireSamples.js'

const tally = createPropertyTally()

interface Schema {
  safeParse(value: unknown): { success: boolean }
}
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && typeof (value as Schema).safeParse === 'function'

const SCHEMAS = (Object.entries(wire) as [string, unknown][]).filter((entry): entry is [string, Schema] =>
  isSchema(entry[1]),
)
// The exports that are not schemas, and why each needs no sample.
const NOT_SCHEMAS: Record<string, string> = {
  parseWire: 'the parser under test',
  parseWireJson: 'the parser under test',
  prefixedId: 'a schema factory, tested with arbitrary prefixes',
  ACCOUNT_TYPES: 'a constant list',
}
const CODES = ['INVALID_RESPONSE', 'INVALID_TARGET_BUNDLE', 'OIDC_TOKEN_MALFORMED'] as const

afterAll(() =>
  tally.record({
    name: 'Wire schemas and the zod-free readers',
    tried:
      'Arbitrary JSON (prototype-named keys and values included) and up to three hostile edits ' +
      '(replace, delete, add a member) of a valid value of each schema, through parseWire and, as text, ' +
      'parseWireJson; the same values through readSignedRetryChallenge, readErrorBody and isDateTime ' +
      'against the zod schemas.',
    covered: [
      'parseWire',
      'parseWireJson',
      'prefixedId',
      ...SCHEMAS.map(([name]) => name),
      'readSignedRetryChallenge',
      'readErrorBody',
      'isDateTime',
    ],
  }),
)

describe('wire schemas', () => {
  it('every export of src/wire is a schema with a valid sample or a known non-schema', () => {
    for (const name of Object.keys(wire)) {
      expect(name in WIRE_SAMPLES || name in NOT_SCHEMAS, `${name} has no sample`).toBe(true)
    }
    for (const [name, schema] of SCHEMAS) {
      expect(schema.safeParse(WIRE_SAMPLES[name]).success, `sample of ${name}`).toBe(true)
    }
    tally.enumerated('wire: every export has a valid sample that parses', SCHEMAS.length)
  })

  it.each(SCHEMAS)(
    '%s: parseWire and parseWireJson accept what zod accepts and otherwise throw the typed error',
    async (name, schema) => {
      const input = fc.oneof(
        { weight: 3, arbitrary: mutated(WIRE_SAMPLES[name]) },
        { weight: 1, arbitrary: hostileJson },
      )
      await tally.check(
        `wire: ${name} through parseWire/parseWireJson`,
        fc.asyncProperty(input, fc.constantFrom(...CODES), async (value, code) => {
          const parsed = await settle(() => wire.parseWire(schema as never, value, name, code))
          const text = JSON.stringify(value)
          const fromText = await settle(() => wire.parseWireJson(schema as never, text, name, code))
          expect(parsed.ok).toBe(schema.safeParse(value).success)
          expect(fromText.ok).toBe(parsed.ok)
          if (parsed.ok) {
            // What comes out is plain data that parses again to the same value.
            expect(schema.safeParse(parsed.value).success).toBe(true)
            expect(schema.safeParse(JSON.parse(JSON.stringify(parsed.value))).success).toBe(true)
          } else {
            expect((parsed.error as WalletAuthError).details?.issues).toBeInstanceOf(Array)
          }
          return refusedWith(parsed, code) && refusedWith(fromText, code)
        }),
        150,
      )
    },
  )

  it('parseWireJson throws only the typed error on any text or value', async () => {
    await tally.check(
      'wire: parseWireJson(schema, any value) -> value or the given code',
      fc.asyncProperty(
        fc.constantFrom(...SCHEMAS),
        fc.oneof(hostileString, anyValue),
        async ([name, schema], value) =>
          refusedWith(
            await settle(() => wire.parseWireJson(schema as never, value, name)),
            'INVALID_RESPONSE',
          ),
      ),
      800,
    )
  })

  it('prefixedId(type) accepts exactly "<type>:" and at least one more character', async () => {
    await tally.check(
      'wire: prefixedId(type) agrees with startsWith(type + ":") && longer',
      fc.property(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('Request', 'Session', ...PROTOTYPE_NAMES)),
        fc.oneof(hostileString, fc.string({ maxLength: 4 })),
        fc.boolean(),
        (type, rest, prefixed) => {
          const value = prefixed ? `${type}:${rest}` : rest
          const expected = value.startsWith(`${type}:`) && value.length > type.length + 1
          expect(wire.prefixedId(type).safeParse(value).success).toBe(expected)
        },
      ),
      500,
    )
  })
})

describe('zod-free readers of src/fetch agree with the schemas', () => {
  const dateLike = fc.oneof(
    fc.stringMatching(
      /^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-6]\d(?::[0-6]\d(?:\.\d{1,9})?)?(?:Z|z|[+-][0-2]\d:?[0-6]\d|[+-][0-2]\d)?$/,
    ),
    // Real calendar edges: the 29th to 31st of every month, leap years and centuries.
    fc
      .record({
        year: fc.constantFrom('0000', '0004', '0100', '0400', '1900', '2000', '2023', '2024', '2100', '9999'),
        month: fc.integer({ min: 0, max: 13 }),
        day: fc.integer({ min: 0, max: 32 }),
      })
      .map(
        ({ year, month, day }) =>
          `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00Z`,
      ),
    hostileString,
  )

  /** Checks that a reader and its schema agree, and that both answers were common enough to mean something. */
  async function agree(
    name: string,
    input: fc.Arbitrary<unknown>,
    reader: (value: unknown) => boolean,
    schema: { safeParse(value: unknown): { success: boolean } },
    numRuns: number,
  ) {
    let accepted = 0
    await tally.check(
      name,
      fc.property(input, (value) => {
        const ours = reader(value)
        expect(ours).toBe(schema.safeParse(value).success)
        if (ours) accepted++
      }),
      numRuns,
    )
    expect(accepted, `${name}: accepted`).toBeGreaterThan(numRuns / 20)
    expect(accepted, `${name}: accepted`).toBeLessThan(numRuns - numRuns / 20)
  }

  // The wire's DateTime checks with isDateTime: both are held to zod's own ISO date-time.
  it("isDateTime agrees with zod's ISO date-time with offsets", async () => {
    await agree(
      "readers: isDateTime(v) === zod's ISO date-time accepts v",
      fc.oneof(dateLike, anyValue),
      isDateTime,
      z.iso.datetime({ offset: true }),
      3000,
    )
  })

  it('readSignedRetryChallenge agrees with SignedRetryChallenge', async () => {
    const sample = WIRE_SAMPLES.SignedRetryChallenge as Record<string, unknown>
    const withDates = fc
      .tuple(mutated(sample), dateLike)
      .map(([value, expiresAt]) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { ...value, expiresAt }
          : value,
      )
    await agree(
      'readers: readSignedRetryChallenge(v) defined === SignedRetryChallenge accepts v',
      fc.oneof(mutated(sample), withDates, hostileJson),
      (value) => readSignedRetryChallenge(value) !== undefined,
      wire.SignedRetryChallenge,
      1500,
    )
  })

  it('readErrorBody agrees with ErrorBody', async () => {
    await agree(
      'readers: readErrorBody(v) defined === ErrorBody accepts v',
      fc.oneof(mutated(WIRE_SAMPLES.ErrorBody), hostileJson),
      (value) => readErrorBody(value) !== undefined,
      wire.ErrorBody,
      1500,
    )
  })
})
