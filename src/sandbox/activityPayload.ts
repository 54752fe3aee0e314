/** What one signed-retry payload says: the activity, its parameters and when it was issued. */
export interface ActivityPayloadOptions {
  organizationId: string
  /** `ACTIVITY_TYPE_…`. */
  type: string
  /** JSON values only; nested objects are written with their keys sorted too. */
  parameters: Record<string, unknown>
  /** Milliseconds since the epoch, written as a decimal string. */
  timestampMs: number
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value).filter(([, member]) => member !== undefined)
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries(entries.map(([key, member]) => [key, sortedKeys(member)]))
}

/**
 * The activity JSON a signed-retry `payloadToSign` carries, as the service writes it: compact, every
 * object's keys in code-point order (`organizationId`, `parameters`, `timestampMs`, `type` at the top).
 *
 * @example
 * ```ts
 * activityPayload({ organizationId, type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail, userId }, timestampMs: now })
 * // '{"organizationId":"…","parameters":{"userEmail":"…","userId":"…"},"timestampMs":"1775681700000","type":"ACTIVITY_TYPE_UPDATE_USER_EMAIL"}'
 * ```
 */
export function activityPayload(options: ActivityPayloadOptions): string {
  return JSON.stringify(
    sortedKeys({
      organizationId: options.organizationId,
      parameters: options.parameters,
      timestampMs: String(options.timestampMs),
      type: options.type,
    }),
  )
}
