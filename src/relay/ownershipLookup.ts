import * as z from 'zod/mini'
import { ID_PATTERN } from './relayRoutes.js'
import { type RelayTarget, TARGET_KEYS } from './relayTarget.js'

/** What the relay hands its `authorize` hook besides the request and the target. */
export interface RelayAuthorizeContext {
  /**
   * Whether every id the target names belongs to the customer `customerId` (the one the integrator
   * created for the signed-in user): its accounts, their credentials and active sessions, quotes
   * and transactions made from them. Asks the service (one to a few reads, with the API secret).
   * `false` when the target names no id at all.
   */
  isOwnedBy(customerId: string): Promise<boolean>
}

/** A GET on the service with the relay's credentials: the parsed JSON of a 200, else `undefined`. */
export type ServiceGet = (path: string) => Promise<unknown>

const List = z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) })
const Owned = z.looseObject({
  customerId: z.optional(z.nullable(z.string())),
  source: z.optional(z.nullable(z.looseObject({ accountId: z.optional(z.nullable(z.string())) }))),
})

/**
 * The `isOwnedBy` of one target. Each id is looked up from the customer's side (its accounts, then
 * what lists under them), so an id the service does not know is simply not owned.
 */
export function createOwnershipLookup(get: ServiceGet, target: RelayTarget): RelayAuthorizeContext {
  const ids = async (path: string): Promise<Set<string>> => {
    const parsed = List.safeParse(await get(path))
    return new Set(parsed.success ? parsed.data.data.map((item) => item.id) : [])
  }
  const q = encodeURIComponent

  return {
    async isOwnedBy(customerId) {
      if (typeof customerId !== 'string' || !ID_PATTERN.test(customerId)) return false
      if (!TARGET_KEYS.some((key) => target[key] !== undefined)) return false
      if (target.customerId !== undefined && target.customerId !== customerId) return false
      const accounts = await ids(`/customers/internal-accounts?customerId=${q(customerId)}`)
      const { accountId, credentialId, sessionId, quoteId, transactionId } = target
      if (accountId !== undefined && !accounts.has(accountId)) return false
      const underAnAccount = async (list: string, id: string) => {
        for (const account of accounts) {
          if ((await ids(`/${list}?accountId=${q(account)}`)).has(id)) return true
        }
        return false
      }
      if (credentialId !== undefined && !(await underAnAccount('auth/credentials', credentialId)))
        return false
      if (sessionId !== undefined && !(await underAnAccount('auth/sessions', sessionId))) return false
      const madeByCustomer = async (path: string) => {
        const parsed = Owned.safeParse(await get(path))
        if (!parsed.success) return false
        // Both sides must be the customer's where present, and at least one must be present.
        const owner = parsed.data.customerId
        const sourceAccount = parsed.data.source?.accountId
        if (owner && owner !== customerId) return false
        if (sourceAccount && !accounts.has(sourceAccount)) return false
        return !!owner || !!sourceAccount
      }
      if (quoteId !== undefined && !(await madeByCustomer(`/quotes/${quoteId}`))) return false
      if (transactionId !== undefined && !(await madeByCustomer(`/transactions/${transactionId}`)))
        return false
      return true
    },
  }
}
