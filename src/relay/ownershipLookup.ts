import * as z from 'zod/mini'
import type { OwnershipStore } from './ownershipStore.js'
import { ID_PATTERN } from './relayRoutes.js'
import { type RelayTarget, TARGET_KEYS } from './relayTarget.js'

/** What the relay hands its `authorize` hook besides the request and the target. */
export interface RelayAuthorizeContext {
  /**
   * Whether every id the target names belongs to the customer `customerId` (the one the integrator
   * created for the signed-in user): its accounts, their credentials, sessions and delegated
   * keys, the cards it holds, its external accounts, and the quotes and transactions whose money
   * moves for it. A quote
   * or transaction is judged by what the service acts on: an `ACCOUNT` source's account (and its
   * `customerId`, when set), a `REALTIME_FUNDING` source's `customerId`, and a transaction's own
   * `customerId`. Asks the service (one to a few reads, with the API secret) about ids the relay
   * has not yet seen the customer own. `false` when the target names no id at all.
   *
   * Pass `accountIds`, the customer's accounts as your records hold them (the wallet you created
   * for it), and ids are looked for under those first: a customer's first sign-in then costs one
   * lookup (that account's credentials) instead of two (its account list first).
   */
  isOwnedBy(customerId: string, options?: IsOwnedByOptions): Promise<boolean>
}

/** Options of `isOwnedBy`. */
export interface IsOwnedByOptions {
  /** Accounts your own records say are the customer's: taken as its own, and searched first. */
  accountIds?: readonly string[]
}

/** A GET on the service with the relay's credentials: the parsed JSON of a 200, else `undefined`. */
export type ServiceGet = (path: string) => Promise<unknown>

const List = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), accountId: z.optional(z.nullable(z.string())) })),
  hasMore: z.optional(z.boolean()),
  nextCursor: z.optional(z.nullable(z.string())),
})
const AccountList = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), customerId: z.optional(z.nullable(z.string())) })),
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
const ExternalAccount = z.looseObject({ customerId: z.optional(z.nullable(z.string())) })

// A customer's accounts rarely fill one page; the bound keeps a lookup's cost fixed.
const MAX_ACCOUNT_PAGES = 10

/** What `createOwnershipLookup` works with. */
export interface OwnershipLookupOptions {
  /** Reads the service with the relay's credentials. */
  get: ServiceGet
  /** The request's target. */
  target: RelayTarget
  /** What the relay learned before; never rejects (the relay wraps the integrator's store). */
  known: OwnershipStore
}

/** One request's `isOwnedBy`, and the customers it found owning the whole target. */
export interface OwnershipLookup extends RelayAuthorizeContext {
  /**
   * Customers for whom `isOwnedBy` answered `true` during this request, each with the scope in the
   * store where what the request shows goes: the customer id, or with `accountIds` the customer
   * and those accounts (`Customer:…/InternalAccount:…`), so what rests on the integrator's word
   * is forgotten when that word changes.
   */
  readonly owners: ReadonlyMap<string, string>
}

/**
 * The store scope of what a lookup proved with the integrator's `accountIds`: the customer and
 * those accounts (ids cannot hold `/` or `,`), or the customer alone without any.
 *
 * @example
 * ```ts
 * ownershipScope('Customer:1', ['InternalAccount:2']) // 'Customer:1/InternalAccount:2'
 * ```
 */
function ownershipScope(customerId: string, accountIds: readonly string[]): string {
  return accountIds.length === 0 ? customerId : `${customerId}/${[...accountIds].sort().join(',')}`
}

// The ids a target names, each remembered once proven: the owner of an id never changes (a session
// that has ended is the service's to refuse, as it refuses one it never issued).
const REMEMBERED_IDS = [
  'accountId',
  'credentialId',
  'sessionId',
  'delegatedKeyId',
  'cardId',
  'quoteId',
  'transactionId',
  'externalAccountId',
] as const

/**
 * The `isOwnedBy` of one target. An id found in `known` for the customer costs nothing; another
 * is looked up from the customer's side (its accounts, then what lists under them), or read from
 * the service and judged by the fields the service acts on, so an id the service does not know is
 * simply not owned. What a lookup proves the customer owns (every account, credential, session and
 * delegated key it listed, the target's ids when they all are, and the `accountIds` it was given,
 * under their scope) goes into `known`.
 *
 * @example
 * ```ts
 * const lookup = createOwnershipLookup({ get, target, known })
 * const allowed = await authorize(request, target, { isOwnedBy: lookup.isOwnedBy })
 * if (allowed) await learnOwnership({ target, status, payload, owners: lookup.owners, known })
 * ```
 */
export function createOwnershipLookup(options: OwnershipLookupOptions): OwnershipLookup {
  const { get, target, known } = options
  const owners = new Map<string, string>()
  const q = encodeURIComponent

  const isOwnedBy = async (customerId: string, { accountIds = [] }: IsOwnedByOptions = {}) => {
    if (typeof customerId !== 'string' || !ID_PATTERN.test(customerId)) return false
    if (
      !Array.isArray(accountIds) ||
      !accountIds.every((id) => typeof id === 'string' && ID_PATTERN.test(id))
    ) {
      return false
    }
    const ownAccounts: readonly string[] = accountIds
    // What rests on `accountIds` is kept under them; what the service alone proved, under the customer.
    const scope = ownershipScope(customerId, ownAccounts)
    const knows = async (id: string) =>
      (await known.has(customerId, id)) || (scope !== customerId && (await known.has(scope, id)))
    if (!TARGET_KEYS.some((key) => target[key] !== undefined)) return false
    if (target.customerId !== undefined && target.customerId !== customerId) return false

    const named = REMEMBERED_IDS.flatMap((key) => (target[key] === undefined ? [] : [target[key]]))
    const unknown = new Set<string>()
    const cached = new Set<string>()
    for (const id of named) ((await knows(id)) ? cached : unknown).add(id)

    let accountsRead: Promise<Set<string>> | undefined
    const accounts = () => {
      accountsRead ??= (async () => {
        const owned = new Set<string>()
        let cursor: string | undefined
        for (let page = 0; page < MAX_ACCOUNT_PAGES; page++) {
          const after = cursor === undefined ? '' : `&cursor=${q(cursor)}`
          const parsed = AccountList.safeParse(
            await get(`/customers/internal-accounts?customerId=${q(customerId)}&limit=100${after}`),
          )
          if (!parsed.success) break
          // An account the list says is another customer's is not this one's, whatever was asked.
          for (const account of parsed.data.data) {
            if (account.customerId == null || account.customerId === customerId) owned.add(account.id)
          }
          cursor = parsed.data.nextCursor ?? undefined
          if (!parsed.data.hasMore || !cursor) break
        }
        await known.add(customerId, [...owned])
        return owned
      })()
      return accountsRead
    }
    const ownsAccount = async (id: string) =>
      cached.has(id) || ownAccounts.includes(id) || (await knows(id)) || (await accounts()).has(id)
    // Whether `id` is in `list` under one of `accountsToSearch`; what each list proves is kept.
    const listedUnder = async (list: string, id: string, accountsToSearch: readonly string[]) => {
      const proven = accountsToSearch === ownAccounts ? scope : customerId
      for (const account of accountsToSearch) {
        const parsed = List.safeParse(await get(`/${list}?accountId=${q(account)}`))
        if (!parsed.success) continue
        // Listed under the account asked about, and not naming another one.
        const listed = parsed.data.data.filter((item) => item.accountId == null || item.accountId === account)
        await known.add(
          proven,
          listed.filter((item) => item.accountId === account).map((item) => item.id),
        )
        if (listed.some((item) => item.id === id)) return true
      }
      return false
    }
    // Under the accounts the integrator named first; the customer's account list only if not there.
    const underAnAccount = async (list: string, id: string) =>
      cached.has(id) ||
      (await listedUnder(list, id, ownAccounts)) ||
      (await listedUnder(
        list,
        id,
        [...(await accounts())].filter((a) => !ownAccounts.includes(a)),
      ))
    // Where the money of a quote or transaction comes from, as the service acts on it.
    const sourceIsTheCustomers = async (source: z.infer<typeof Source>) => {
      if (source.sourceType === 'ACCOUNT') {
        if (source.customerId && source.customerId !== customerId) return false
        return !!source.accountId && (await ownsAccount(source.accountId))
      }
      if (source.sourceType === 'REALTIME_FUNDING') return source.customerId === customerId
      return false
    }

    // Ids in paths are plain tokens (ID_PATTERN): they cannot leave the segment they are put in.
    const { accountId, credentialId, sessionId, delegatedKeyId, cardId, quoteId, transactionId } = target
    if (accountId !== undefined && !(await ownsAccount(accountId))) return false
    if (credentialId !== undefined && !(await underAnAccount('auth/credentials', credentialId))) return false
    if (sessionId !== undefined && !(await underAnAccount('auth/sessions', sessionId))) return false
    if (delegatedKeyId !== undefined && !(await underAnAccount('auth/delegated-keys', delegatedKeyId))) {
      return false
    }
    if (cardId !== undefined && unknown.has(cardId)) {
      const card = Card.safeParse(await get(`/cards/${cardId}`))
      if (!card.success || card.data.cardholderId !== customerId) return false
    }
    if (quoteId !== undefined && unknown.has(quoteId)) {
      const quote = Quote.safeParse(await get(`/quotes/${quoteId}`))
      if (!quote.success || !(await sourceIsTheCustomers(quote.data.source))) return false
    }
    if (transactionId !== undefined && unknown.has(transactionId)) {
      const parsed = Transaction.safeParse(await get(`/transactions/${transactionId}`))
      if (!parsed.success || parsed.data.customerId !== customerId) return false
      const { type, source, destination } = parsed.data
      if (type === 'OUTGOING') {
        if (!source || !(await sourceIsTheCustomers(source))) return false
      } else if (type === 'INCOMING') {
        const into = destination?.destinationType === 'ACCOUNT' ? destination.accountId : undefined
        if (into && !(await ownsAccount(into))) return false
      } else {
        return false
      }
    }
    const { externalAccountId } = target
    if (externalAccountId !== undefined && unknown.has(externalAccountId)) {
      // The platform's own external accounts have no customerId: no customer's.
      const account = ExternalAccount.safeParse(
        await get(`/customers/external-accounts/${externalAccountId}`),
      )
      if (!account.success || account.data.customerId !== customerId) return false
    }
    // The accounts given go under their own scope, where what the service answers about them is learned.
    const learned = [...unknown, ...ownAccounts]
    if (learned.length > 0) await known.add(scope, learned)
    owners.set(customerId, scope)
    return true
  }
  return { isOwnedBy, owners }
}
