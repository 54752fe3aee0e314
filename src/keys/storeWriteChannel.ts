/** What a store says when it wrote: which store, so that it does not hear itself. */
interface StoreWrite {
  type: 'store-write'
  store: string
}

/**
 * Tells the other stores on an IndexedDB database (in this tab or another) that this one wrote:
 * a session key saved, deleted or cleared through a plain `createKeyStore()` in another tab then
 * reaches the clients holding it in memory, as a client's own sign-out always did. Without
 * BroadcastChannel nothing is said, and clients re-read the store before signing as before.
 *
 * @example
 * ```ts
 * const writes = storeWriteChannel('embedded-wallet-auth')
 * const stop = writes.listen(() => reread())
 * writes.announce() // after a write of this store
 * ```
 */
export function storeWriteChannel(databaseName: string) {
  const name = `embedded-wallet-auth:store:${databaseName}`
  const self = crypto.randomUUID()
  const supported = typeof BroadcastChannel === 'function'
  return {
    announce(): void {
      if (!supported) return
      // A channel of its own per message: a message posted is delivered even once it is closed.
      const channel = new BroadcastChannel(name)
      channel.postMessage({ type: 'store-write', store: self } satisfies StoreWrite)
      channel.close()
    },
    /** Calls `heard` when another store wrote; returns stop. */
    listen(heard: () => void): () => void {
      if (!supported) return () => {}
      const channel = new BroadcastChannel(name)
      // Node's channels keep its process alive: a listening store must not (browsers have no unref).
      ;(channel as { unref?: () => void }).unref?.()
      channel.onmessage = (event: MessageEvent<Partial<StoreWrite>>) => {
        if (event.data?.type === 'store-write' && event.data.store !== self) heard()
      }
      return () => channel.close()
    },
  }
}
