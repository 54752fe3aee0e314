import type { Reply } from './harness.js'

/**
 * How many replies have each `status code` (just the status when the body has no code), for
 * asserting what N parallel requests got.
 *
 * @example
 * ```ts
 * expect(tallyReplies(replies)).toEqual({ '200': 1, '429 RATE_LIMITED': 9 })
 * ```
 */
export function tallyReplies(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { status, body } of replies) {
    const key = typeof body.code === 'string' ? `${status} ${body.code}` : String(status)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
