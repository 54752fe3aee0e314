/** The ids a request can name; each is a `RelayTarget` field. */
export const TARGET_KEYS = [
  'accountId',
  'customerId',
  'credentialId',
  'sessionId',
  'quoteId',
  'transactionId',
  'delegatedKeyId',
  'cardId',
  'scaCredentialId',
  'resetId',
  'externalAccountId',
] as const

/** A field of `RelayTarget` that holds an id. */
export type TargetKey = (typeof TARGET_KEYS)[number]

/**
 * What a relayed request names, resolved by the relay from the path (`{credentialId}` and the
 * like), the query (`accountId`, `customerId`) and those body fields the service acts on for the
 * operation: `accountId` of a new credential, `internalAccountId` and `cardId` of a new delegated
 * key, and a new quote's `source` (`source.accountId` and `source.customerId` of an `ACCOUNT`
 * source, `source.customerId` of a `REALTIME_FUNDING` one). No other body field is read: an id the
 * service ignores and echoes back decides nothing. Each id appears once: a request that names two
 * different values for one field is refused before the hook runs. The hook must approve every id
 * present. A request that names no id at all (`GET /exchange-rates`: indicative rates, nobody's
 * data) comes with `operation` alone: `isOwnedBy` answers `false` for it, so approve it yourself
 * for the users you want to see rates, e.g. `target.operation === 'GET /exchange-rates' && user
 * !== undefined`.
 */
export interface RelayTarget {
  /** The matched route, e.g. `'POST /auth/credentials/{credentialId}/verify'`. */
  operation: string
  /**
   * An account (`InternalAccount:…`): path, `?accountId=`, a new credential's `accountId`, a new
   * delegated key's `internalAccountId`, or an `ACCOUNT` quote source's `accountId`.
   */
  accountId?: string
  /** A customer (`Customer:…`): path, `?customerId=`, or a quote source's `customerId`. */
  customerId?: string
  /** A credential (`AuthMethod:…`) from the path. */
  credentialId?: string
  /** A session (`Session:…`) from the path. */
  sessionId?: string
  /** A quote (`Quote:…`) from the path. */
  quoteId?: string
  /** A transaction (`Transaction:…`) from the path. */
  transactionId?: string
  /** A delegated signing key (`DelegatedKey:…`) from the path. */
  delegatedKeyId?: string
  /** A card (`Card:…`): a new delegated key's `cardId`. */
  cardId?: string
  /**
   * An enrolled SCA factor's `credentialId` from the path. The service looks it up among the
   * factors of the request's `customerId` only (always present beside it), so that is what decides.
   */
  scaCredentialId?: string
  /**
   * An SCA factor reset's `resetId` from the path. As for `scaCredentialId`, the service looks it
   * up among the resets of the request's `customerId` only (always present beside it), so that is
   * what decides.
   */
  resetId?: string
  /**
   * An external account (`ExternalAccount:…`) from the path of a receiver lookup or of a
   * beneficiary's trust or untrust. The service reads any of the platform's external accounts
   * there (and the trust routes name no customer beside it), so the hook must judge it
   * (`isOwnedBy` does: the account's `customerId` must be the customer's).
   */
  externalAccountId?: string
  /**
   * Not an id: the receiver's UMA address (`$user@domain`) from the path of a UMA receiver lookup,
   * for the hook to see. Anyone may be paid, so neither the relay nor `isOwnedBy` judges it; the
   * lookup's `customerId` (the sender) is what must be the user's.
   */
  receiverUmaAddress?: string
  /**
   * A parsed copy of the JSON body (`undefined` when there is none), already checked against the
   * operation's schema, e.g. to allow only some credential `type`s. Changing it changes nothing:
   * the relay forwards the bytes it received.
   */
  body: unknown
}
