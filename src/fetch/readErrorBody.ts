import type { ErrorBody } from '../wire/errorBody.js'
import { isPlainObject } from '../wire/isPlainObject.js'

const isNullishString = (value: unknown) => value === undefined || value === null || typeof value === 'string'

/**
 * An error response's body as the service's Error object, or `undefined` when it is not one. The
 * same rules as the zod schema in src/wire, written out so that an app that only signs does not
 * ship zod.
 */
export function readErrorBody(value: unknown): ErrorBody | undefined {
  if (!isPlainObject(value)) return undefined
  const { status, code, message, details, reason } = value
  const valid =
    Number.isSafeInteger(status) &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (details === undefined || details === null || isPlainObject(details)) &&
    isNullishString(reason)
  return valid ? (value as ErrorBody) : undefined
}
