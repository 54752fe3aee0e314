// The app's webhook endpoint: every delivery is verified with the service's webhook key before
// it is read, and the events accepted are kept (a real app books them in its database).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from 'embedded-wallet-auth/relay'
import { send } from './send.js'

/** Where the service's webhooks are checked: its public key, and the header its signature comes in. */
export interface WebhookSettings {
  /** The service's webhook public key (PEM), from its dashboard (in tests, the sandbox's). */
  publicKey: string
  /** Default `WEBHOOK_SIGNATURE_HEADER` (the sandbox's); the real service signs in `X-Grid-Signature`. */
  headerName?: string
}

/** What the page is shown of one event: the object it is about, and its status or new balance. */
export interface EventSummary {
  id: string
  type: string
  /** The transaction's or account's id. */
  subject: string
  status?: string
  /**
   * An account's balance after the event, in its smallest unit, with the currency's code and
   * decimals as the event gave them (the page never guesses missing ones).
   */
  balance?: { amount: number; currency: { code?: string; decimals?: number } }
}

function currencyOf(currency: { code?: unknown; decimals?: unknown } | undefined) {
  const { code, decimals } = currency ?? {}
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof decimals === 'number' ? { decimals } : {}),
  }
}

function summary({ id, type, data = {} }: WebhookEvent): EventSummary {
  const balance = data.balance as
    | { amount?: unknown; currency?: { code?: unknown; decimals?: unknown } }
    | undefined
  return {
    id,
    type,
    subject: String(data.id ?? ''),
    ...(typeof data.status === 'string' ? { status: data.status } : {}),
    ...(typeof balance?.amount === 'number'
      ? { balance: { amount: balance.amount, currency: currencyOf(balance.currency) } }
      : {}),
  }
}

/** The endpoint (`receive`) and the events it accepted, by the customer they concern. */
export function createWebhookInbox(settings: WebhookSettings) {
  const headerName = (settings.headerName ?? WEBHOOK_SIGNATURE_HEADER).toLowerCase()
  const events: WebhookEvent[] = []
  const seen = new Set<string>()

  async function receive(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const signature = req.headers[headerName]
    let event: WebhookEvent
    try {
      event = await verifyWebhook({
        body: Buffer.concat(chunks), // the bytes as received: never JSON parsed and serialised again
        signature: typeof signature === 'string' ? signature : undefined,
        publicKey: settings.publicKey,
      })
    } catch (error) {
      const { code } = error as { code?: string }
      if (code === 'WEBHOOK_SIGNATURE_INVALID') return send(res, 401, { code: 'UNAUTHORIZED' })
      if (code === 'INVALID_RESPONSE') return send(res, 400, { code: 'INVALID_INPUT' })
      throw error
    }
    // The service's answer to a delivery already processed: it does not send it again.
    if (seen.has(event.id)) return send(res, 409, { code: 'CONFLICT' })
    seen.add(event.id)
    events.push(event)
    send(res, 200, { received: true })
  }

  /** The events about a customer's payments and accounts, oldest first. */
  const eventsOf = (customerId: string): EventSummary[] =>
    events.filter((event) => event.data?.customerId === customerId).map(summary)

  return { receive, eventsOf }
}
