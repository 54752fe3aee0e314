/** One piece of work for an endpoint: `run` holds a slot until its promise settles. */
export interface LaneTask {
  run(): Promise<void>
  /** Called instead of `run` for a task still waiting when the lanes are cleared. */
  drop(): void
}

/** Per-endpoint slots: at most `maxInFlight` tasks running for one URL, the rest in order. */
export interface EndpointLanes {
  /** Runs the task now if `url` has a free slot, else when one frees, after those queued before it. */
  enqueue(url: string, task: LaneTask): void
  /** Tasks running for `url` (all URLs without one). */
  running(url?: string): number
  /** Tasks waiting for a slot of `url` (all URLs without one). */
  queued(url?: string): number
  /** Drops every waiting task (running ones finish on their own). */
  clear(): void
}

interface Lane {
  running: number
  waiting: LaneTask[]
}

/**
 * Slots for the connections to each webhook endpoint, so that a slow endpoint never has more than
 * `maxInFlight` deliveries open at once, and the others go in the order they were ready.
 *
 * @example
 * ```ts
 * const lanes = createEndpointLanes(8)
 * lanes.enqueue(url, { run: () => post(url, body), drop: () => {} })
 * ```
 */
export function createEndpointLanes(maxInFlight: number): EndpointLanes {
  const lanes = new Map<string, Lane>()

  const next = (url: string, lane: Lane) => {
    while (lane.running < maxInFlight) {
      const task = lane.waiting.shift()
      if (!task) break
      lane.running += 1
      task
        .run()
        .catch(() => {})
        .finally(() => {
          lane.running -= 1
          next(url, lane)
        })
    }
    if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(url)
  }

  const count = (url: string | undefined, of: (lane: Lane) => number) => {
    if (url !== undefined) return of(lanes.get(url) ?? { running: 0, waiting: [] })
    let total = 0
    for (const lane of lanes.values()) total += of(lane)
    return total
  }

  return {
    enqueue: (url, task) => {
      let lane = lanes.get(url)
      if (!lane) {
        lane = { running: 0, waiting: [] }
        lanes.set(url, lane)
      }
      lane.waiting.push(task)
      next(url, lane)
    },
    running: (url) => count(url, (lane) => lane.running),
    queued: (url) => count(url, (lane) => lane.waiting.length),
    clear: () => {
      for (const lane of lanes.values()) for (const task of lane.waiting.splice(0)) task.drop()
    },
  }
}
