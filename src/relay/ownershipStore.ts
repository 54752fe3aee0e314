/**
 * Where the relay keeps what it learned about ownership: that an id (an account, credential,
 * session, delegated key, card, quote or transaction) belongs to a customer. Ownership of an id
 * never changes, so only these positive answers are kept, never a "not owned" (a new credential or
 * session may appear at any time). Entries may be dropped at any time (a size bound, a TTL): a
 * dropped entry only costs the relay a lookup. Failures reject; the relay then asks the service
 * and reports the failure to `onError`.
 *
 * @example
 * ```ts
 * // A store over a database table (customer_id, id) with a primary key on both.
 * const ownershipStore: OwnershipStore = {
 *   has: (customerId, id) => db.ownershipExists(customerId, id),
 *   add: (customerId, ids) => db.insertOwnershipIgnoringDuplicates(customerId, ids),
 * }
 * ```
 */
export interface OwnershipStore {
  /** Whether `id` was recorded as `customerId`'s (and is still kept). */
  has(customerId: string, id: string): Promise<boolean>
  /** Records each of `ids` as `customerId`'s. */
  add(customerId: string, ids: readonly string[]): Promise<void>
}
