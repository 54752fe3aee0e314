// Generators of hostile input shared by the property files: strings of every kind, arbitrary JSON
// (with the property names that trip up lookups in plain objects), any JS value, and byte flips.
import fc from 'fast-check'
import { utf8 } from '../../src/crypto/utf8.js'
import { WalletAuthError, type WalletAuthErrorCode } from '../../src/errors.js'

/** Names that a lookup in a plain object finds on `Object.prototype`. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
] as const

/** Strings of every shape: any code unit (lone surrogates too), hex-, base64url- and base58-like. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxg'), maxLength: 160 }),
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/'),
    maxLength: 160,
  }),
  fc.string({
    unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0lIO'),
    maxLength: 160,
  }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    '{}',
    '[]',
    '"',
    '{"a":',
    '\u0000',
    '\uD800',
    '\uFEFF{}',
    ...PROTOTYPE_NAMES,
  ),
)

const jsonKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTOTYPE_NAMES))

/** Arbitrary JSON values (what `JSON.parse` of a hostile body yields), prototype names included. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constantFrom(null, true, false, 0, -0, 1, -1, 2 ** 53, 1e308, 0.5),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(fc.tuple(jsonKey, tie('value')), { maxLength: 5 })
      .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries)))),
    // Objects JSON.parse builds with an own `__proto__` member.
    fc.tuple(tie('value')).map(([inner]) => JSON.parse(`{"__proto__":${JSON.stringify(inner) ?? 'null'}}`)),
  ),
})).value

/** Any value at all, including non-JSON ones and byte arrays, for arguments typed as strings or bytes. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileJson,
  fc.anything({ maxDepth: 2 }),
  fc.uint8Array({ maxLength: 80 }),
  fc.constantFrom(undefined, Number.NaN, Symbol('s'), () => 1, new Date(0), new ArrayBuffer(4)),
)

/** `bytes` with `mask` xor-ed into the byte at `index` (a copy). */
export function flipByte(bytes: Uint8Array, index: number, mask: number): Uint8Array<ArrayBuffer> {
  const out = Uint8Array.from(bytes)
  out[index] = (out[index] as number) ^ mask
  return out
}

/** `text` with one byte of its UTF-8 flipped, decoded back leniently (bad UTF-8 becomes U+FFFD). */
export function flipStringByte(text: string, index: number, mask: number): string {
  return new TextDecoder().decode(flipByte(utf8(text), index, mask))
}

/** A position and a non-zero xor mask for a value of `length` bytes. */
export function flipArbitrary(length: number): fc.Arbitrary<{ index: number; mask: number }> {
  return fc.record({ index: fc.nat({ max: length - 1 }), mask: fc.integer({ min: 1, max: 255 }) })
}

/** Every (index, mask) pair of an exhaustive sweep: each position of `length` with each of `masks`. */
export function everyPosition(length: number, masks: readonly number[]): { index: number; mask: number }[] {
  return Array.from({ length }, (_, index) => masks.map((mask) => ({ index, mask }))).flat()
}

/** What a call came to: its value, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/** Runs `action` (sync or async) and never throws. */
export async function settle<T>(action: () => T | Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await action() }
  } catch (error) {
    return { ok: false, error }
  }
}

/** `settle` for synchronous code, where a property must stay synchronous. */
export function settleSync<T>(action: () => T): Settled<T> {
  try {
    return { ok: true, value: action() }
  } catch (error) {
    return { ok: false, error }
  }
}

/** Whether `error` is the kit's typed error with one of `codes`. */
function isKitError(error: unknown, ...codes: WalletAuthErrorCode[]): boolean {
  return error instanceof WalletAuthError && codes.includes(error.code)
}

/** A property verdict: accepted, or refused only with one of `codes` (anything else is a failure). */
export function refusedWith<T>(settled: Settled<T>, ...codes: WalletAuthErrorCode[]): boolean {
  return settled.ok || isKitError(settled.error, ...codes)
}

type Path = (string | number)[]

function paths(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return []
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
  return keys.flatMap((key) => {
    const path = [...prefix, key]
    return [path, ...paths((value as Record<string, unknown>)[key], path)]
  })
}

/** One edit of a JSON value: at the `pick`-th member path, replace, delete, or add a member. */
export interface JsonEdit {
  pick: number
  kind: 'replace' | 'delete' | 'add'
  key: string
  value: unknown
}

const jsonEdit: fc.Arbitrary<JsonEdit> = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('replace', 'replace', 'delete', 'add'),
  key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_NAMES)),
  value: fc.oneof(hostileJson, fc.constantFrom(...PROTOTYPE_NAMES)),
})

/** `value` (JSON) after `edits`, as a fresh JSON value (so `__proto__` members stay own members). */
function mutateJson(value: unknown, edits: readonly JsonEdit[]): unknown {
  let current: unknown = JSON.parse(JSON.stringify(value))
  for (const edit of edits) {
    const all = paths(current)
    const path = all[edit.pick % Math.max(all.length, 1)]
    if (!path) {
      current = edit.value
      continue
    }
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], current)
    const last = path[path.length - 1] as string | number
    const target = parent as Record<string | number, unknown>
    if (edit.kind === 'delete' && !Array.isArray(parent)) delete target[last]
    else if (edit.kind === 'add' && !Array.isArray(parent))
      Object.defineProperty(target, edit.key, {
        value: edit.value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    else
      Object.defineProperty(target, last, {
        value: edit.value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    current = JSON.parse(JSON.stringify(current) ?? 'null')
  }
  return current
}

/** A valid sample and 0 to 3 hostile edits of it. */
export function mutated(sample: unknown): fc.Arbitrary<unknown> {
  return fc.array(jsonEdit, { maxLength: 3 }).map((edits) => mutateJson(sample, edits))
}
