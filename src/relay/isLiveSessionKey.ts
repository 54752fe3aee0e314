import * as z from 'zod/mini'
import type { ServiceGet } from './ownershipLookup.js'
import type { OwnershipStore } from './ownershipStore.js'
import { sessionKeyId } from './sessionKeyId.js'

/** What `isLiveSessionKey` asks about. */
export interface LiveSessionKeyQuestion {
  /** Reads the service with the relay's credentials. */
  get: ServiceGet
  /** Where `learnSessionKey` kept the sessions' keys; never rejects. */
  known: OwnershipStore
  customerId: string
  /** Compressed hex public key of the stamp. */
  publicKey: string
}

const Accounts = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), customerId: z.optional(z.nullable(z.string())) })),
})
const Sessions = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), accountId: z.optional(z.nullable(z.string())) })),
})

/**
 * Whether `publicKey` signs for a session the service lists as active today on one of the
 * customer's embedded wallets. Which sessions are live, and whose wallets they are on, the service
 * says (its account and session lists, read now, so an expired or revoked session no longer
 * counts); which key signs for a session, only what the relay learned when the session was opened
 * through it (`learnSessionKey`), since the service never shows a session's key.
 *
 * @example
 * ```ts
 * if (!(await isLiveSessionKey({ get, known, customerId, publicKey }))) throw refusal('NOT_A_SESSION_KEY')
 * ```
 */
export async function isLiveSessionKey(question: LiveSessionKeyQuestion): Promise<boolean> {
  const { get, known, customerId, publicKey } = question
  const q = encodeURIComponent
  const accounts = Accounts.safeParse(
    await get(`/customers/internal-accounts?customerId=${q(customerId)}&type=EMBEDDED_WALLET&limit=100`),
  )
  if (!accounts.success) return false
  const entry = sessionKeyId(publicKey)
  for (const account of accounts.data.data) {
    if (account.customerId != null && account.customerId !== customerId) continue
    const sessions = Sessions.safeParse(await get(`/auth/sessions?accountId=${q(account.id)}`))
    if (!sessions.success) continue
    for (const session of sessions.data.data) {
      if (session.accountId != null && session.accountId !== account.id) continue
      if (await known.has(session.id, entry)) return true
    }
  }
  return false
}
