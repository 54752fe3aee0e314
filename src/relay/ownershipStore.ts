/**
 * Where the relay keeps what it learned about ownership: that an id (an account, credential,
 * session, delegated key, card, quote or transaction) belongs to a customer. Ownership of an id
 * never changes, so only these positive answers are kept, never a "not owned" (a new credential or
 * session may appear at any time). Entries may be dropped at any time (a size bound, a TTL): a
 * dropped entry only costs the relay a lookup. Failures reject; the relay then asks the service
 * and reports the failure to `onError`. A scope is a customer id, or for what a lookup proved on
 * the integrator's `accountIds` the customer id and those accounts (`Customer:…/InternalAccount:…`).
 *
 * @example
 * ```ts
 * // A store over a database table (scope, id) with a primary key on both.
 * const ownershipStore: OwnershipStore = {
 *   has: (scope, id) => db.ownershipExists(scope, id),
 *   add: (scope, ids) => db.insertOwnershipIgnoringDuplicates(scope, ids),
 * }
 * ```
 */
export interface OwnershipStore {
  /** Whether `id` was recorded in `scope` (and is still kept). */
  has(scope: string, id: string): Promise<boolean>
  /** Records each of `ids` in `scope`. */
  add(scope: string, ids: readonly string[]): Promise<void>
}
