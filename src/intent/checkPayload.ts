import { WalletAuthError } from '../errors.js'
import { isPlainObject } from '../wire/isPlainObject.js'
import type { ActivityExpectation, ParameterPattern } from './activityExpectation.js'
import { type Activity, readActivity } from './readActivity.js'

/** The path of the first member of `value` that does not match `pattern`, or `undefined`. */
function mismatch(pattern: ParameterPattern, value: unknown, path: string): string | undefined {
  if (typeof pattern === 'function') return pattern(value) ? undefined : path
  if (Array.isArray(pattern)) {
    if (!Array.isArray(value) || value.length !== pattern.length) return path
    for (const [index, item] of pattern.entries()) {
      const found = mismatch(item as ParameterPattern, value[index], `${path}[${index}]`)
      if (found) return found
    }
    return undefined
  }
  if (isPlainObject(pattern)) {
    if (!isPlainObject(value)) return path
    for (const [member, item] of Object.entries(pattern)) {
      // A predicate judges a missing member itself (as `undefined`): it may allow its absence.
      if (!Object.hasOwn(value, member) && typeof item !== 'function') return `${path}.${member}`
      const own = Object.hasOwn(value, member) ? value[member] : undefined
      const found = mismatch(item as ParameterPattern, own, `${path}.${member}`)
      if (found) return found
    }
    return undefined
  }
  return Object.is(pattern, value) ? undefined : path
}

function refusal(message: string, details: Record<string, unknown>) {
  return new WalletAuthError('PAYLOAD_MISMATCH', message, { details })
}

/** Why `activity` does not meet `expectation`, or `undefined` when it does. */
function verdict(activity: Activity, expectation: ActivityExpectation): WalletAuthError | undefined {
  const types = typeof expectation.type === 'string' ? [expectation.type] : expectation.type
  if (!types.includes(activity.type)) {
    return refusal(`The service asks to sign ${activity.type}, not ${types.join(' or ')}.`, {
      field: 'type',
      expected: types,
      received: activity.type,
    })
  }
  if (expectation.organizationId !== undefined && activity.organizationId !== expectation.organizationId) {
    return refusal('The activity names another organization than the session.', {
      field: 'organizationId',
      expected: expectation.organizationId,
      received: activity.organizationId,
    })
  }
  // Only the path is told: the values may be secrets of the user (an OIDC token).
  const path = mismatch(expectation.parameters ?? {}, activity.parameters, 'parameters')
  if (path) return refusal(`The activity's ${path} is not what this request sent.`, { field: path })
  return undefined
}

/**
 * Checks a `payloadToSign` against what the request meant, before it is signed: activity JSON,
 * one of the expected types, the session's organization, and every bound parameter equal to what
 * the client sent. Given several expectations, one must hold. Returns the activity; a payload that
 * fails is `PAYLOAD_MISMATCH`, whose `details.field` names what differed (`payload`, `type`,
 * `organizationId` or the parameter's path).
 *
 * @example
 * ```ts
 * checkPayload(challenge.payloadToSign, {
 *   type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
 *   organizationId,
 *   parameters: { apiKeyIds: [sessionId] },
 * })
 * ```
 */
export function checkPayload(
  payloadToSign: string,
  expectation: ActivityExpectation | readonly ActivityExpectation[],
): Activity {
  const activity = readActivity(payloadToSign)
  const expectations: readonly ActivityExpectation[] = Array.isArray(expectation)
    ? expectation
    : [expectation as ActivityExpectation]
  let first: WalletAuthError | undefined
  for (const candidate of expectations) {
    const refused = verdict(activity, candidate)
    if (!refused) return activity
    // A refusal past the type check says more than "another type" does.
    if (!first || (first.details?.field === 'type' && refused.details?.field !== 'type')) first = refused
  }
  throw (
    first ?? refusal('No activity is expected for this request.', { field: 'type', received: activity.type })
  )
}
