/**
 * True for an object as JSON makes them (its prototype `Object.prototype`, or none): not an array,
 * a `Date` or another class's instance. Plain code, no zod: the signing path reads with it too.
 *
 * @example
 * ```ts
 * isPlainObject(JSON.parse('{"a":1}')) // true
 * isPlainObject(new Date(0)) // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
