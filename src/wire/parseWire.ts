import type * as z from 'zod/mini'
import { WalletAuthError, type WalletAuthErrorCode } from '../errors.js'

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'
  switch (issue.code) {
    case 'invalid_type':
      return `${path}: expected ${issue.expected}`
    case 'invalid_value':
      return `${path}: expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'invalid_format':
      return `${path}: not a valid ${issue.format}`
    case 'too_small':
      return `${path}: must be at least ${String(issue.minimum)}`
    case 'too_big':
      return `${path}: must be at most ${String(issue.maximum)}`
    default:
      return `${path}: ${issue.message}`
  }
}

/**
 * Parses `value` with `schema`, or throws a `WalletAuthError` (default code `INVALID_RESPONSE`)
 * whose message names each failing path, e.g. `quote.totalSendingAmount: expected int`.
 *
 * @example
 * ```ts
 * const quote = parseWire(Quote, await response.json(), 'Quote')
 * ```
 */
export function parseWire<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  what: string,
  code: WalletAuthErrorCode = 'INVALID_RESPONSE',
): z.infer<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issues = result.error.issues.map(describeIssue)
  throw new WalletAuthError(code, `${what} is not valid: ${issues.join('; ')}`, {
    cause: result.error,
    details: { issues },
  })
}

/**
 * Parses a JSON text and then its value with `schema`; bad JSON throws the same typed error.
 *
 * @example
 * ```ts
 * const bundle = parseWireJson(OtpTargetBundle, authMethod.otpEncryptionTargetBundle, 'Target bundle')
 * ```
 */
export function parseWireJson<T extends z.ZodMiniType>(
  schema: T,
  text: unknown,
  what: string,
  code: WalletAuthErrorCode = 'INVALID_RESPONSE',
): z.infer<T> {
  if (typeof text !== 'string') throw new WalletAuthError(code, `${what} must be a JSON string.`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    throw new WalletAuthError(code, `${what} is not valid JSON.`, { cause })
  }
  return parseWire(schema, value, what, code)
}
