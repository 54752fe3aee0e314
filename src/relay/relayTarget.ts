/** The ids a request can name; each is a `RelayTarget` field. */
export const TARGET_KEYS = [
  'accountId',
  'customerId',
  'credentialId',
  'sessionId',
  'quoteId',
  'transactionId',
] as const

/** A field of `RelayTarget` that holds an id. */
export type TargetKey = (typeof TARGET_KEYS)[number]

/**
 * What a relayed request names, resolved by the relay from the path (`{credentialId}` and the
 * like), the query (`accountId`, `customerId`) and the JSON body (`accountId`, `customerId`,
 * `source.accountId`, `source.customerId`). Each id appears once: a request that names two different
 * values for one field is refused before the hook runs. The hook must approve every id present.
 */
export interface RelayTarget {
  /** The matched route, e.g. `'POST /auth/credentials/{credentialId}/verify'`. */
  operation: string
  /** An internal account (`InternalAccount:…`): path, `?accountId=`, body `accountId` or `source.accountId`. */
  accountId?: string
  /** A customer (`Customer:…`): path, `?customerId=`, body `customerId` or `source.customerId`. */
  customerId?: string
  /** A credential (`AuthMethod:…`) from the path. */
  credentialId?: string
  /** A session (`Session:…`) from the path. */
  sessionId?: string
  /** A quote (`Quote:…`) from the path. */
  quoteId?: string
  /** A transaction (`Transaction:…`) from the path. */
  transactionId?: string
  /**
   * A parsed copy of the JSON body (`undefined` when there is none), e.g. to allow only some
   * credential `type`s. Changing it changes nothing: the relay forwards the bytes it received.
   */
  body: unknown
}
