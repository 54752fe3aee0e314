/**
 * Whether `value` is an object (not `null`), whose properties can be read.
 *
 * @example
 * ```ts
 * const key = isObject(body) ? body.clientPublicKey : undefined
 * ```
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
