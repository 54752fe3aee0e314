import * as z from 'zod/mini'
import type { OwnershipStore } from './ownershipStore.js'
import { ID_PATTERN } from './relayRoutes.js'
import type { RelayTarget } from './relayTarget.js'

/** What the relay knows about one forwarded request once the service answered it. */
export interface ForwardedAnswer {
  target: RelayTarget
  /** The service's status. */
  status: number
  /** The service's body. */
  payload: Uint8Array
  /** Customers `isOwnedBy` found owning the whole target for this request, with their store scope. */
  owners: ReadonlyMap<string, string>
  /** Where the learned ids go; never rejects. */
  known: OwnershipStore
}

const Id = z.string().check(z.regex(ID_PATTERN))
const OnAccount = z.looseObject({ id: Id, accountId: Id })
const ListOnAccount = z.looseObject({
  data: z.array(z.looseObject({ id: Id, accountId: z.optional(z.unknown()) })),
})
const Accounts = z.looseObject({
  data: z.array(z.looseObject({ id: Id, customerId: z.optional(z.unknown()) })),
})
const QuoteSource = z.looseObject({
  sourceType: z.string(),
  accountId: z.optional(z.nullable(z.string())),
  customerId: z.optional(z.nullable(z.string())),
})
const CreatedQuote = z.looseObject({ id: Id, source: QuoteSource })
const Destination = z.looseObject({
  destinationType: z.string(),
  accountId: z.optional(z.nullable(z.string())),
})
const Transactions = z.looseObject({
  data: z.array(
    z.looseObject({
      id: Id,
      type: z.optional(z.unknown()),
      customerId: z.optional(z.unknown()),
      source: z.optional(z.unknown()),
      destination: z.optional(z.unknown()),
    }),
  ),
})

function parseJson(payload: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload))
  } catch {
    return undefined
  }
}

/**
 * The ids a forwarded answer shows to be `customerId`'s, the target being that customer's: a
 * credential, session or delegated key created or listed on one of its accounts (the account the answer
 * names must be the one the request named, or one already known as the customer's), the accounts
 * listed for it, a quote drawing on its account, and the transactions listed for it that
 * `isOwnedBy` would find its own (its `customerId`, money from or into an account known as its).
 * An answer that names another account or customer plants nothing.
 */
async function idsShown(
  customerId: string,
  scope: string,
  answer: ForwardedAnswer,
  body: unknown,
): Promise<string[]> {
  const { target, known } = answer
  const ownsAccount = async (accountId: unknown) =>
    typeof accountId === 'string' &&
    (accountId === target.accountId ||
      (await known.has(customerId, accountId)) ||
      (await known.has(scope, accountId)))
  // Where a quote's or an outgoing transaction's money comes from, judged as `isOwnedBy` does.
  const drawsOnTheCustomer = async (source: z.infer<typeof QuoteSource>) =>
    source.sourceType === 'ACCOUNT'
      ? (source.customerId == null || source.customerId === customerId) &&
        (await ownsAccount(source.accountId))
      : source.sourceType === 'REALTIME_FUNDING' && source.customerId === customerId
  switch (target.operation) {
    case 'POST /auth/credentials':
    case 'POST /auth/delegated-keys':
    case 'POST /auth/credentials/{credentialId}/verify':
    case 'POST /auth/sessions/{sessionId}/refresh': {
      const parsed = OnAccount.safeParse(body)
      return parsed.success && (await ownsAccount(parsed.data.accountId)) ? [parsed.data.id] : []
    }
    case 'GET /auth/credentials':
    case 'GET /auth/sessions':
    case 'GET /auth/delegated-keys': {
      const parsed = ListOnAccount.safeParse(body)
      if (!parsed.success || target.accountId === undefined) return []
      return parsed.data.data.filter((item) => item.accountId === target.accountId).map((item) => item.id)
    }
    case 'GET /customers/internal-accounts': {
      const parsed = Accounts.safeParse(body)
      if (!parsed.success || target.customerId !== customerId) return []
      return parsed.data.data.filter((item) => item.customerId === customerId).map((item) => item.id)
    }
    case 'POST /quotes': {
      const parsed = CreatedQuote.safeParse(body)
      return parsed.success && (await drawsOnTheCustomer(parsed.data.source)) ? [parsed.data.id] : []
    }
    case 'GET /transactions': {
      const parsed = Transactions.safeParse(body)
      if (!parsed.success || target.customerId !== customerId) return []
      const owned: string[] = []
      for (const item of parsed.data.data) {
        if (item.customerId !== customerId) continue
        const source = QuoteSource.safeParse(item.source)
        const destination = Destination.safeParse(item.destination)
        const into =
          destination.success && destination.data.destinationType === 'ACCOUNT'
            ? destination.data.accountId
            : undefined
        const ownsIt =
          item.type === 'OUTGOING'
            ? source.success && (await drawsOnTheCustomer(source.data))
            : item.type === 'INCOMING' && (into == null || (await ownsAccount(into)))
        if (ownsIt) owned.push(item.id)
      }
      return owned
    }
    default:
      return []
  }
}

/**
 * Records what a forwarded answer shows the request's owner to own, so the next request naming it
 * costs no lookup. Only a 200 or 201 teaches anything (a 202 asks for a signature first), and only
 * when `isOwnedBy` found exactly one customer owning the request's target.
 *
 * @example
 * ```ts
 * const response = await forward(request)
 * await learnOwnership({ target, status: response.status, payload: response.payload, owners, known })
 * ```
 */
export async function learnOwnership(answer: ForwardedAnswer): Promise<void> {
  const { status, payload, owners, known } = answer
  if ((status !== 200 && status !== 201) || owners.size !== 1) return
  const [[customerId, scope] = ['', '']] = owners
  const ids = await idsShown(customerId, scope, answer, parseJson(payload))
  // Under the request's scope: what it showed rests on what its authorization rested on.
  if (ids.length > 0) await known.add(scope, ids)
}
