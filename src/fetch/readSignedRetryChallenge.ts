import { isDateTime } from '../wire/isDateTime.js'
import { isPlainObject } from '../wire/isPlainObject.js'
import type { SignedRetryChallenge } from '../wire/signedRetryChallenge.js'

const REQUEST_ID_PREFIX = 'Request:'

/**
 * The 202 body as a `SignedRetryChallenge`, or `undefined` when it is not one. The same rules as
 * the zod schema in src/wire, written out so that an app that only signs does not ship zod.
 */
export function readSignedRetryChallenge(value: unknown): SignedRetryChallenge | undefined {
  if (!isPlainObject(value)) return undefined
  const { type, payloadToSign, requestId, expiresAt } = value
  const valid =
    (type === undefined || typeof type === 'string') &&
    typeof payloadToSign === 'string' &&
    payloadToSign.length > 0 &&
    typeof requestId === 'string' &&
    requestId.startsWith(REQUEST_ID_PREFIX) &&
    requestId.length > REQUEST_ID_PREFIX.length &&
    isDateTime(expiresAt)
  return valid ? (value as SignedRetryChallenge) : undefined
}
