import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { WalletAuthError } from '../errors.js'
import { verifyWebhook } from '../relay/verifyWebhook.js'
import { WEBHOOK_SIGNATURE_HEADER } from '../relay/webhookSignatureHeader.js'

/** One webhook as the collector received it. */
export interface ReceivedWebhook {
  /** The parsed body: `{ id, type, timestamp, data }`. */
  event: { id: string; type: string; timestamp: string; data?: Record<string, unknown> }
  /** The body as text (decoded from the exact bytes that were verified). */
  body: string
  /** The signature header as received. */
  signature: string | undefined
}

/** Options of `collectWebhooks`. */
export interface CollectWebhooksOptions {
  /** The sandbox's webhook public key (SPKI PEM), read when a webhook arrives. */
  publicKey: () => string | undefined
  /** Default `X-Service-Signature`. */
  headerName?: string
  /**
   * The status to answer a verified webhook with (default 200); a test of retries answers 500.
   * One that throws or rejects is answered 500.
   */
  respond?: (webhook: ReceivedWebhook) => number | Promise<number>
  host?: string
}

/** A localhost receiver of the sandbox's webhooks. */
export interface WebhookCollector {
  /** The URL to register as the webhook endpoint. */
  url: string
  /** Every verified webhook received, in arrival order (retries included). */
  events: ReceivedWebhook[]
  /** Deliveries whose signature did not verify (answered 401). */
  rejected: ReceivedWebhook[]
  /**
   * Resolves with the first received webhook of `type` that `matches` accepts (now or when it
   * arrives); rejects with `WEBHOOK_NOT_RECEIVED` after `timeoutMs` (default 5 s).
   */
  waitFor(
    type: string,
    matches?: (webhook: ReceivedWebhook) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<ReceivedWebhook>
  /** Stops the receiver (open connections included). */
  close(): Promise<void>
}

async function readBytes(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}

async function verifies(publicKey: string | undefined, signature: string | undefined, body: Uint8Array) {
  if (publicKey === undefined || signature === undefined) return false
  return verifyWebhook({ body, signature, publicKey }).then(
    () => true,
    () => false,
  )
}

function parseEvent(body: string): ReceivedWebhook['event'] | undefined {
  try {
    const parsed: unknown = JSON.parse(body)
    return typeof parsed === 'object' && parsed !== null ? (parsed as ReceivedWebhook['event']) : undefined
  } catch {
    return undefined
  }
}

/**
 * Starts a webhook receiver on localhost that verifies each delivery with the relay's
 * `verifyWebhook` under the sandbox's key (the signature header over the exact body bytes, as an
 * integrator would), answers 401 to any it refuses, keeps the verified ones and lets a test wait
 * for the event it caused. Node only. `startTestSandbox({ webhooks: true })` wires one up.
 *
 * @example
 * ```ts
 * const collector = await collectWebhooks({ publicKey: () => sandbox.webhookPublicKey })
 * // …register collector.url, fund an account…
 * const { event } = await collector.waitFor('INCOMING_PAYMENT.COMPLETED')
 * await collector.close()
 * ```
 */
export async function collectWebhooks(options: CollectWebhooksOptions): Promise<WebhookCollector> {
  const {
    publicKey,
    headerName = WEBHOOK_SIGNATURE_HEADER,
    respond = () => 200,
    host = 'localhost',
  } = options
  const events: ReceivedWebhook[] = []
  const rejected: ReceivedWebhook[] = []
  const listeners = new Set<() => void>()

  const receive = async (request: IncomingMessage, response: ServerResponse) => {
    const bytes = await readBytes(request)
    const body = new TextDecoder().decode(bytes)
    const header = request.headers[headerName.toLowerCase()]
    const signature = typeof header === 'string' ? header : undefined
    const verified = await verifies(publicKey(), signature, bytes)
    const event = parseEvent(body)
    if (!event) {
      response.writeHead(400).end()
      return
    }
    const webhook: ReceivedWebhook = { event, body, signature }
    if (!verified) {
      rejected.push(webhook)
      response.writeHead(401).end()
      return
    }
    const status = await respond(webhook)
    if (status >= 200 && status < 300) {
      events.push(webhook)
      for (const listener of listeners) listener()
    }
    response.writeHead(status).end()
  }

  const server = createServer((request, response) => {
    receive(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  const waitFor: WebhookCollector['waitFor'] = (type, matches = () => true, { timeoutMs = 5_000 } = {}) =>
    new Promise((resolve, reject) => {
      const find = () => events.find((webhook) => webhook.event.type === type && matches(webhook))
      const found = find()
      if (found) return resolve(found)
      const listener = () => {
        const match = find()
        if (!match) return
        clearTimeout(timer)
        listeners.delete(listener)
        resolve(match)
      }
      const timer = setTimeout(() => {
        listeners.delete(listener)
        reject(new WalletAuthError('WEBHOOK_NOT_RECEIVED', `No ${type} webhook within ${timeoutMs} ms.`))
      }, timeoutMs)
      listeners.add(listener)
    })

  return {
    url: `http://${host}:${port}/webhooks`,
    events,
    rejected,
    waitFor,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
