import type { WebhookHub } from './webhookHub.js'

/** The webhook state of one sandbox, shared by its flows through the context. */
export interface SandboxWebhooks {
  hub: WebhookHub
  /** Transactions with steps not announced yet, and how many of their steps were announced. */
  announced: Map<string, number>
  /** Cards still provisioning, whose turn to `ACTIVE` is announced when the clock reaches it. */
  provisioningCards: Set<string>
  /** Real-time wake-ups for steps that come due later (cleared by `close`). */
  timers: Set<ReturnType<typeof setTimeout>>
  /** Announces what the sandbox clock has made due: settled money, step changes, cards, retries. */
  tick(): void
}

/**
 * The webhook state around `hub`; `tick` is what a wake-up or a clock move runs.
 *
 * @example
 * ```ts
 * const webhooks = createSandboxWebhooks(hub, () => settleMoney(ctx))
 * ```
 */
export function createSandboxWebhooks(hub: WebhookHub, tick: () => void): SandboxWebhooks {
  return { hub, announced: new Map(), provisioningCards: new Set(), timers: new Set(), tick }
}

/**
 * Runs `tick` after `ms` of real time, unless the sandbox closes first; the timer never keeps the
 * process alive.
 *
 * @example
 * ```ts
 * wakeAfter(webhooks, step.at - now)
 * ```
 */
export function wakeAfter(webhooks: SandboxWebhooks, ms: number): void {
  const timer = setTimeout(() => {
    webhooks.timers.delete(timer)
    webhooks.tick()
  }, ms)
  timer.unref?.()
  webhooks.timers.add(timer)
}
