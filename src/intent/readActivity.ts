import { WalletAuthError } from '../errors.js'
import { isPlainObject } from '../wire/isPlainObject.js'
import { duplicateJsonKey } from './duplicateJsonKey.js'

/** A signed-retry `payloadToSign` read as the activity document the service issues. */
export interface Activity {
  organizationId: string
  /** `ACTIVITY_TYPE_…`. */
  type: string
  parameters: Record<string, unknown>
  /** Milliseconds since the epoch, as the service writes it (a decimal string). */
  timestampMs: string
}

/**
 * Reads `payloadToSign` as activity JSON (`{"organizationId","parameters","timestampMs","type"}`);
 * anything else is `PAYLOAD_MISMATCH`, and so is JSON that reads two ways: a member name repeated
 * in one object at any depth (after unescaping), since the service's parser may keep the copy this
 * check did not read. No schema library: the signing path ships without zod.
 *
 * @example
 * ```ts
 * const { type, organizationId } = readActivity(challenge.payloadToSign)
 * ```
 */
export function readActivity(payloadToSign: string): Activity {
  let value: unknown
  try {
    value = JSON.parse(payloadToSign)
  } catch (cause) {
    throw new WalletAuthError('PAYLOAD_MISMATCH', 'The payload to sign is not activity JSON.', {
      cause,
      details: { field: 'payload' },
    })
  }
  const repeated = isPlainObject(value) ? duplicateJsonKey(payloadToSign) : undefined
  if (repeated !== undefined) {
    throw new WalletAuthError('PAYLOAD_MISMATCH', `The payload to sign repeats the member "${repeated}".`, {
      details: { field: 'payload', repeated },
    })
  }
  if (
    !isPlainObject(value) ||
    typeof value.organizationId !== 'string' ||
    typeof value.type !== 'string' ||
    !isPlainObject(value.parameters) ||
    (typeof value.timestampMs !== 'string' && typeof value.timestampMs !== 'number')
  ) {
    throw new WalletAuthError(
      'PAYLOAD_MISMATCH',
      'The payload to sign is not an activity (organizationId, parameters, timestampMs, type).',
      { details: { field: 'payload' } },
    )
  }
  return {
    organizationId: value.organizationId,
    type: value.type,
    parameters: value.parameters,
    timestampMs: String(value.timestampMs),
  }
}
