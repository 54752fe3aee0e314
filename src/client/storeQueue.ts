/**
 * The queue of a session state's work on its key store, which knows whether the session held in
 * memory still matches the store. Tasks run one at a time, so that a message from another tab, an
 * adopt and a check of the store never interleave. What was read is known to match the store while
 * `verified` equals `changes`, which grows with whatever may have changed the store under it:
 * another tab's message, another document's wipe, the page coming back (a message may have been
 * missed), a write by any client of the store. Only a store that reports its writes, and whose
 * other tabs can tell this one, is trusted so.
 *
 * @example
 * ```ts
 * const queue = createStoreQueue()
 * keyStore.onWrite?.(queue.changed)
 * const session = await queue.run(() => queue.read(() => readSessionFromStore()))
 * if (queue.fresh()) signWith(session) // nothing can have changed the store since
 * ```
 */
export function createStoreQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  let queued = 0
  let changes = 0
  let verified = -1
  let trusted = false
  return {
    /** Queues `task` behind the others (whether they succeed or fail); its own result is returned. */
    run<T>(task: () => Promise<T>): Promise<T> {
      queued++
      const result = tail.then(task, task)
      tail = result.catch(() => {})
      void tail.then(() => queued--)
      return result
    },
    /** Something may have changed the store: `fresh()` is false until the next `read`. */
    changed: () => void changes++,
    /** Runs `task`, a read of the store, which then verifies what it read. */
    async read<T>(task: () => Promise<T>): Promise<T> {
      const seen = changes
      const result = await task()
      verified = seen
      return result
    },
    /** Whether the store tells of every change (`changed`) that can happen to it. */
    trust(value: boolean) {
      trusted = value
    },
    /** Whether the last `read` still holds: the store is trusted, unchanged since, with no task in flight. */
    fresh: () => trusted && verified === changes && queued === 0,
  }
}

/** A queue made by `createStoreQueue`. */
export type StoreQueue = ReturnType<typeof createStoreQueue>
