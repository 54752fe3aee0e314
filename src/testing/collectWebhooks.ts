import { createServer, type IncomingMessage } from 'node:http'
import { derSignatureToRaw } from '../crypto/derSignatureToRaw.js'
import { WalletAuthError } from '../errors.js'

/** One webhook as the collector received it. */
export interface ReceivedWebhook {
  /** The parsed body: `{ id, type, timestamp, data }`. */
  event: { id: string; type: string; timestamp: string; data?: Record<string, unknown> }
  /** The exact body bytes as text. */
  body: string
  /** The signature header as received. */
  signature: string | undefined
  /** Whether the signature header verified under the sandbox's webhook key. */
  verified: boolean
}

/** Options of `collectWebhooks`. */
export interface CollectWebhooksOptions {
  /** The sandbox's webhook public key (SPKI PEM), read when a webhook arrives. */
  publicKey: () => string | undefined
  /** Default `X-Service-Signature`. */
  headerName?: string
  /** The status to answer a verified webhook with (default 200); a test of retries answers 500. */
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

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function verify(publicKeyPem: string, header: string, body: string): Promise<boolean> {
  try {
    const spki = Buffer.from(publicKeyPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
    const key = await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ])
    const parsed: unknown = header.trim().startsWith('{') ? JSON.parse(header) : { v: '1', s: header }
    const signature = (parsed as { s?: unknown }).s
    if (typeof signature !== 'string') return false
    const raw = derSignatureToRaw(new Uint8Array(Buffer.from(signature, 'base64')))
    const bytes = new TextEncoder().encode(body)
    return await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, bytes)
  } catch {
    return false
  }
}

/**
 * Starts a webhook receiver on localhost that verifies each delivery under the sandbox's key
 * (the `{"v":"1","s":"…"}` header over the exact body), keeps the verified ones and lets a test
 * wait for the event it caused. Node only. `startTestSandbox({ webhooks: true })` wires one up.
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
  const { publicKey, headerName = 'X-Service-Signature', respond = () => 200, host = 'localhost' } = options
  const events: ReceivedWebhook[] = []
  const rejected: ReceivedWebhook[] = []
  const listeners = new Set<() => void>()

  const server = createServer(async (request, response) => {
    const body = await readText(request)
    const header = request.headers[headerName.toLowerCase()]
    const key = publicKey()
    const verified = typeof header === 'string' && key !== undefined ? await verify(key, header, body) : false
    let event: ReceivedWebhook['event']
    try {
      event = JSON.parse(body)
    } catch {
      response.writeHead(400).end()
      return
    }
    const signature = typeof header === 'string' ? header : undefined
    const webhook: ReceivedWebhook = { event, body, signature, verified }
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
