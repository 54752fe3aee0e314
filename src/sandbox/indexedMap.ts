/** How an `IndexedMap` files each record: one function per index, giving the record's key in it. */
export type IndexKeys<V, I extends string> = Readonly<Record<I, (record: V) => string | undefined>>

/**
 * A `Map` of records by id that also files them under other keys (a wallet's credentials, a
 * customer's accounts, a session's account), kept up to date by `set`, `delete` and `clear`, so
 * that those lookups cost what a `Map` lookup costs instead of a scan of every record. A record
 * whose key function returns `undefined` is not in that index. The fields the keys come from must
 * not change while the record is stored: set a changed copy in its place instead (the index finds
 * the old keys in the record it replaces, so a record changed in place stays filed as it was).
 *
 * @example
 * ```ts
 * const credentials = new IndexedMap<CredentialRecord, 'account'>({ account: (c) => c.accountId })
 * credentials.set(credential.id, credential)
 * credentials.where('account', credential.accountId) // [credential]
 * ```
 */
export class IndexedMap<V, I extends string> extends Map<string, V> {
  readonly #keys: IndexKeys<V, I>
  // Index -> key -> the ids filed under it, in filing order. Arrays, not Maps: most groups hold one
  // or a few ids, and a group of one costs about 100 bytes as an array, 240 as a Map; the groups that
  // grow (an account's sessions, an operation's 202s) lose their oldest ids first, near the front.
  readonly #indexes = new Map<I, Map<string, string[]>>()

  constructor(keys: IndexKeys<V, I>) {
    super()
    this.#keys = keys
    for (const index of Object.keys(keys) as I[]) this.#indexes.set(index, new Map())
  }

  override set(id: string, record: V): this {
    const previous = super.get(id)
    super.set(id, record)
    for (const [index, byKey] of this.#indexes) {
      const key = this.#keys[index](record)
      const previousKey = previous === undefined ? undefined : this.#keys[index](previous)
      // Set again under the same key, a record keeps its place in the group, as in the Map itself.
      if (previous !== undefined && previousKey === key) continue
      if (previousKey !== undefined) unfile(byKey, previousKey, id)
      if (key === undefined) continue
      const group = byKey.get(key)
      if (group) group.push(id)
      else byKey.set(key, [id])
    }
    return this
  }

  override delete(id: string): boolean {
    const previous = super.get(id)
    if (previous === undefined) return false
    for (const [index, byKey] of this.#indexes) {
      const key = this.#keys[index](previous)
      if (key !== undefined) unfile(byKey, key, id)
    }
    return super.delete(id)
  }

  override clear(): void {
    for (const byKey of this.#indexes.values()) byKey.clear()
    super.clear()
  }

  /** The records filed under `key` in `index`, in the order they were filed there. */
  where(index: I, key: string): V[] {
    const ids = this.#indexes.get(index)?.get(key) ?? []
    return ids.map((id) => super.get(id) as V)
  }
}

function unfile(byKey: Map<string, string[]>, key: string, id: string): void {
  const group = byKey.get(key)
  if (!group) return
  const at = group.indexOf(id)
  if (at >= 0) group.splice(at, 1)
  if (group.length === 0) byKey.delete(key)
}
