import { expect } from 'vitest'
import type { Harness } from './harness.js'

/**
 * Issues a virtual card to `cardholderId`, funded by its wallet `accountId` (`POST /cards`, checked
 * against the contract like every harness call), and returns the card's id.
 */
export async function issueCard(
  h: Harness,
  { cardholderId, accountId }: { cardholderId: string; accountId: string },
): Promise<string> {
  const reply = await h.call('POST', '/cards', { cardholderId, form: 'VIRTUAL', fundingSources: [accountId] })
  expect(reply.status).toBe(201)
  return reply.body.id as string
}
