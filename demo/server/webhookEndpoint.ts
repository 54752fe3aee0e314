import type { IncomingMessage, ServerResponse } from 'node:http'
import { verifyWebhook } from '../../src/relay/index.js'
import { DemoError } from './demoError.js'
import { readBytes } from './readJsonBody.js'
import { sendJson } from './sendJson.js'

/** Where the sandbox sends the demo's webhooks (on the page's origin). */
export const WEBHOOK_PATH = '/api/webhooks'

// A transaction or a customer fits many times over; anything larger is not the service's.
const MAX_WEBHOOK_BYTES = 256 * 1024

/** What the endpoint needs: the service's key and header, and where its own faults go. */
export interface WebhookEndpointOptions {
  /** The service's webhook public key (SPKI PEM): the sandbox's `webhookPublicKey`. */
  publicKey: string
  /** The header the signature comes in. */
  headerName: string
  onError: (error: unknown) => void
}

/**
 * The demo backend's webhook endpoint: every delivery's signature is checked (401 when it does
 * not verify), and each event is acknowledged (200), except `INCOMING_PAYMENT.PENDING`, answered
 * 202: a person approves or declines the payment on the page (`transactions.approve`/`reject`),
 * within the sandbox's approval window.
 *
 * @example
 * ```ts
 * const webhooks = createWebhookEndpoint({ publicKey: sandbox.webhookPublicKey, headerName, onError })
 * server.middlewares.use(WEBHOOK_PATH, (req, res) => void webhooks(req, res))
 * ```
 */
export function createWebhookEndpoint(
  options: WebhookEndpointOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { publicKey, headerName, onError } = options
  return async (req, res) => {
    if (req.method !== 'POST') {
      req.resume()
      return sendJson(
        res,
        405,
        { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'Use POST.' },
        {
          Allow: 'POST',
        },
      )
    }
    let body: Buffer
    try {
      body = await readBytes(req, MAX_WEBHOOK_BYTES)
    } catch (error) {
      if (error instanceof DemoError)
        return sendJson(res, error.status, error.toBody(), { Connection: 'close' })
      onError(error)
      return sendJson(res, 500, { status: 500, code: 'INTERNAL_ERROR', message: 'The demo backend failed.' })
    }
    const signature = req.headers[headerName.toLowerCase()]
    let type: string
    try {
      const event = await verifyWebhook({
        body,
        signature: Array.isArray(signature) ? signature[0] : signature,
        publicKey,
      })
      type = event.type
    } catch {
      return sendJson(res, 401, {
        status: 401,
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: 'This webhook is not signed by the service.',
      })
    }
    // A payment to approve waits for the person: 202, and the page approves or declines it.
    sendJson(res, type === 'INCOMING_PAYMENT.PENDING' ? 202 : 200, undefined)
  }
}
