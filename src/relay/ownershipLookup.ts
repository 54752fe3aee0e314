import * as z from 'zod/mini'
import { ID_PATTERN } from './relayRoutes.js'
import { type RelayTarget, TARGET_KEYS } from './relayTarget.js'

/** What the relay hands its `authorize` hook besides the request and the target. */
export interface RelayAuthorizeContext {
  /**
   * Whether every id the target names belongs to the customer `customerId` (the one the integrator
   * created for the signed-in user): its accounts, their credentials, active sessions and delegated
   * keys, the cards it holds, and the quotes and transactions whose money moves for it. A quote
   * or transaction is judged by what the service acts on: an `ACCOUNT` source's account (and its
   * `customerId`, when set), a `REALTIME_FUNDING` source's `customerId`, and a transaction's own
   * `customerId`. Asks the service (one to a few reads, with the API secret). `false` when the
   * target names no id at all.
   */
  isOwnedBy(customerId: string): Promise<boolean>
}

/** A GET on the service with the relay's credentials: the parsed JSON of a 200, else `undefined`. */
export type ServiceGet = (path: string) => Promise<unknown>

const List = z.looseObject({
  data: z.array(z.looseObject({ id: z.string() })),
  hasMore: z.optional(z.boolean()),
  nextCursor: z.optional(z.nullable(z.string())),
})
const Source = z.looseObject({
  sourceType: z.string(),
  accountId: z.optional(z.nullable(z.string())),
  customerId: z.optional(z.nullable(z.string())),
})
const Destination = z.looseObject({
  destinationType: z.string(),
  accountId: z.optional(z.nullable(z.string())),
})
const Quote = z.looseObject({ source: Source })
const Transaction = z.looseObject({
  type: z.string(),
  customerId: z.string(),
  source: z.optional(Source),
  destination: z.optional(Destination),
})
const Card = z.looseObject({ cardholderId: z.string() })

// A customer's accounts rarely fill one page; the bound keeps a lookup's cost fixed.
const MAX_ACCOUNT_PAGES = 10

/**
 * The `isOwnedBy` of one target. Each id is looked up from the customer's side (its accounts, then
 * what lists under them), or read from the service and judged by the fields the service acts on,
 * so an id the service does not know is simply not owned.
 */
export function createOwnershipLookup(get: ServiceGet, target: RelayTarget): RelayAuthorizeContext {
  const q = encodeURIComponent
  const listIds = async (path: string): Promise<Set<string>> => {
    const parsed = List.safeParse(await get(path))
    return new Set(parsed.success ? parsed.data.data.map((item) => item.id) : [])
  }

  return {
    async isOwnedBy(customerId) {
      if (typeof customerId !== 'string' || !ID_PATTERN.test(customerId)) return false
      if (!TARGET_KEYS.some((key) => target[key] !== undefined)) return false
      if (target.customerId !== undefined && target.customerId !== customerId) return false

      let accountsRead: Promise<Set<string>> | undefined
      const accounts = () => {
        accountsRead ??= (async () => {
          const owned = new Set<string>()
          let cursor: string | undefined
          for (let page = 0; page < MAX_ACCOUNT_PAGES; page++) {
            const after = cursor === undefined ? '' : `&cursor=${q(cursor)}`
            const parsed = List.safeParse(
              await get(`/customers/internal-accounts?customerId=${q(customerId)}&limit=100${after}`),
            )
            if (!parsed.success) break
            for (const account of parsed.data.data) owned.add(account.id)
            cursor = parsed.data.nextCursor ?? undefined
            if (!parsed.data.hasMore || !cursor) break
          }
          return owned
        })()
        return accountsRead
      }
      const underAnAccount = async (list: string, id: string) => {
        for (const account of await accounts()) {
          if ((await listIds(`/${list}?accountId=${q(account)}`)).has(id)) return true
        }
        return false
      }
      // Where the money of a quote or transaction comes from, as the service acts on it.
      const sourceIsTheCustomers = async (source: z.infer<typeof Source>) => {
        if (source.sourceType === 'ACCOUNT') {
          if (source.customerId && source.customerId !== customerId) return false
          return !!source.accountId && (await accounts()).has(source.accountId)
        }
        if (source.sourceType === 'REALTIME_FUNDING') return source.customerId === customerId
        return false
      }

      // Ids in paths are plain tokens (ID_PATTERN): they cannot leave the segment they are put in.
      const { accountId, credentialId, sessionId, delegatedKeyId, cardId, quoteId, transactionId } = target
      if (accountId !== undefined && !(await accounts()).has(accountId)) return false
      if (credentialId !== undefined && !(await underAnAccount('auth/credentials', credentialId)))
        return false
      if (sessionId !== undefined && !(await underAnAccount('auth/sessions', sessionId))) return false
      if (delegatedKeyId !== undefined && !(await underAnAccount('auth/delegated-keys', delegatedKeyId))) {
        return false
      }
      if (cardId !== undefined) {
        const card = Card.safeParse(await get(`/cards/${cardId}`))
        if (!card.success || card.data.cardholderId !== customerId) return false
      }
      if (quoteId !== undefined) {
        const quote = Quote.safeParse(await get(`/quotes/${quoteId}`))
        if (!quote.success || !(await sourceIsTheCustomers(quote.data.source))) return false
      }
      if (transactionId !== undefined) {
        const parsed = Transaction.safeParse(await get(`/transactions/${transactionId}`))
        if (!parsed.success || parsed.data.customerId !== customerId) return false
        const { type, source, destination } = parsed.data
        if (type === 'OUTGOING') {
          if (!source || !(await sourceIsTheCustomers(source))) return false
        } else if (type === 'INCOMING') {
          const into = destination?.destinationType === 'ACCOUNT' ? destination.accountId : undefined
          if (into && !(await accounts()).has(into)) return false
        } else {
          return false
        }
      }
      return true
    },
  }
}
