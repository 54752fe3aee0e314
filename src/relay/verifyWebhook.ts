import * as z from 'zod/mini'
import { derSignatureToRaw } from '../crypto/derSignatureToRaw.js'
import { ECDSA_P256, ECDSA_SHA256 } from '../crypto/ecdsaParams.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import { duplicateJsonKey } from '../intent/duplicateJsonKey.js'
import { parseWire } from '../wire/parseWire.js'
import { readBodyBytes } from './readBodyBytes.js'
import { WEBHOOK_SIGNATURE_HEADER } from './webhookSignatureHeader.js'

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const PEM_PATTERN = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/

// The service's webhook envelope (BaseWebhook); members it may gain later are kept. `data` is
// optional because the contract's TEST webhook does not require one.
const WebhookEnvelope = z.looseObject({
  id: z.string().check(z.minLength(1)),
  type: z.string().check(z.minLength(1)),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.optional(z.record(z.string(), z.unknown())),
})

/**
 * A verified webhook: `id` (deduplicate on it), `type` such as `OUTGOING_PAYMENT.COMPLETED`,
 * `timestamp` of the delivery, and the event's `data` (for a payment, its transaction; a `TEST`
 * webhook may have none).
 *
 * @example
 * ```ts
 * const event: WebhookEvent = await verifyWebhook({ body, signature, publicKey })
 * if (event.type.startsWith('OUTGOING_PAYMENT.') && event.data) bookPayment(event.data)
 * ```
 */
export type WebhookEvent = z.infer<typeof WebhookEnvelope>

/** The body and signature header exactly as received, with the key that must have signed them. */
export interface WebhookDelivery {
  /** The raw body: its bytes, or its text as received (not re-serialised JSON). */
  body: Uint8Array | ArrayBuffer | string
  /** The signature header's value: bare base64, or `{"v":"1","s":"<base64>"}`. */
  signature: string | null | undefined
}

/** A webhook delivery still in its `Request` (its body not yet read). */
export interface WebhookRequest {
  request: Request
  /** Header carrying the signature. Default `X-Service-Signature`; the real service's is `X-Grid-Signature`. */
  headerName?: string
}

/** Options of `verifyWebhook`: the delivery, and the service's webhook public key. */
export type VerifyWebhookOptions = (WebhookDelivery | WebhookRequest) & {
  /** The service's webhook public key: PEM (SPKI, P-256), or an imported ECDSA P-256 `CryptoKey`. */
  publicKey: string | CryptoKey
  /**
   * The largest body read, in bytes. Default 1 MiB (1 048 576), far above any event of the service.
   * A larger body is refused (`WEBHOOK_SIGNATURE_INVALID`, reason `BODY_TOO_LARGE`) without
   * being read past the limit, nor hashed.
   */
  maxBodyBytes?: number
}

/** The default of `maxBodyBytes`: 1 MiB. */
const MAX_BODY_BYTES = 1024 * 1024

// An integrator verifies every delivery with the same one or two keys: import each PEM once.
const KEY_CACHE_SIZE = 8
const importedKeys = new Map<string, Promise<CryptoKey>>()

function refused(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('WEBHOOK_SIGNATURE_INVALID', message, cause === undefined ? {} : { cause })
}

function importPem(pem: string): Promise<CryptoKey> {
  const cached = importedKeys.get(pem)
  if (cached) return cached
  const imported = (async () => {
    const base64 = PEM_PATTERN.exec(pem.trim())?.[1]?.replace(/\s+/g, '') ?? ''
    if (base64 === '' || !BASE64_PATTERN.test(base64)) {
      throw new WalletAuthError('INVALID_PUBLIC_KEY', 'The webhook public key is not a PEM public key.')
    }
    try {
      return await crypto.subtle.importKey('spki', base64ToBytes(base64), ECDSA_P256, false, ['verify'])
    } catch (cause) {
      throw new WalletAuthError('INVALID_PUBLIC_KEY', 'The webhook public key is not a P-256 key.', { cause })
    }
  })()
  importedKeys.set(pem, imported)
  if (importedKeys.size > KEY_CACHE_SIZE) importedKeys.delete(importedKeys.keys().next().value as string)
  imported.catch(() => importedKeys.delete(pem))
  return imported
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** The DER signature of a header in either of the service's forms; anything else is refused. */
function signatureBytes(header: string | null | undefined): Uint8Array<ArrayBuffer> {
  const value = header?.trim() ?? ''
  if (value === '') throw refused('The webhook carries no signature.')
  let base64 = value
  if (value.startsWith('{')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch (cause) {
      throw refused('The webhook signature header is not valid JSON.', cause)
    }
    const { v, s } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>
    if (v !== '1' || typeof s !== 'string') throw refused('The webhook signature is not of version 1.')
    base64 = s
  }
  if (base64 === '' || !BASE64_PATTERN.test(base64)) throw refused('The webhook signature is not base64.')
  return base64ToBytes(base64)
}

/** The raw `r || s` of the header's signature; anything malformed is refused. */
function rawSignature(header: string | null | undefined): Uint8Array<ArrayBuffer> {
  try {
    return derSignatureToRaw(signatureBytes(header))
  } catch (error) {
    if (error instanceof WalletAuthError && error.code === 'WEBHOOK_SIGNATURE_INVALID') throw error
    throw refused('The webhook signature is not a DER P-256 signature.', error)
  }
}

async function verifySignature(
  key: CryptoKey,
  raw: Uint8Array<ArrayBuffer>,
  message: Uint8Array<ArrayBuffer>,
) {
  let valid: boolean
  try {
    valid = await crypto.subtle.verify(ECDSA_SHA256, key, raw, message)
  } catch (cause) {
    throw new WalletAuthError('INVALID_PUBLIC_KEY', 'The webhook key cannot verify ECDSA P-256.', { cause })
  }
  if (!valid) throw refused('The webhook signature does not match its body.')
}

/**
 * The signed body as JSON. A member named twice in one object is refused: parsers disagree on
 * which of the two counts (`JSON.parse` takes the last, others the first), so the event this
 * returns could differ from what another reader of the same bytes acts on.
 */
function parseJson(message: Uint8Array<ArrayBuffer>): unknown {
  let text: string
  let value: unknown
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(message)
    value = JSON.parse(text)
  } catch (cause) {
    throw new WalletAuthError('INVALID_RESPONSE', 'The signed webhook body is not JSON.', { cause })
  }
  const repeated = duplicateJsonKey(text)
  if (repeated !== undefined) {
    throw new WalletAuthError(
      'INVALID_RESPONSE',
      `The signed webhook body names ${JSON.stringify(repeated)} twice in one object.`,
      { details: { repeated } },
    )
  }
  return value
}

function tooLarge(maxBytes: number): WalletAuthError {
  return new WalletAuthError(
    'WEBHOOK_SIGNATURE_INVALID',
    `The webhook body is larger than ${maxBytes} bytes: it was not read.`,
    { reason: 'BODY_TOO_LARGE', details: { maxBytes } },
  )
}

function bodyBytes(body: WebhookDelivery['body'], maxBytes: number): Uint8Array<ArrayBuffer> {
  // A string's UTF-8 takes at least a byte per code unit: one that long is too large unencoded.
  if (typeof body === 'string' && body.length > maxBytes) throw tooLarge(maxBytes)
  let bytes: Uint8Array<ArrayBuffer>
  if (typeof body === 'string') bytes = utf8(body)
  else if (body instanceof ArrayBuffer) bytes = new Uint8Array(body)
  else if (body instanceof Uint8Array) bytes = new Uint8Array(body)
  else throw new WalletAuthError('INVALID_ARGUMENT', 'A webhook body must be its raw bytes or text.')
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes)
  return bytes
}

async function deliveryOf(options: VerifyWebhookOptions, maxBytes: number): Promise<WebhookDelivery> {
  if (!('request' in options)) return options
  const { request, headerName = WEBHOOK_SIGNATURE_HEADER } = options
  return {
    body: await readBodyBytes(request, maxBytes, tooLarge),
    signature: request.headers.get(headerName),
  }
}

/**
 * Verifies a webhook of the service and returns its event, only when its signature holds: an
 * ECDSA P-256 SHA-256 signature (DER, base64, bare or as `{"v":"1","s":"…"}`) over the exact
 * body bytes, by the service's webhook key. The body is parsed only after that. A missing,
 * malformed or wrong signature, another header version, a body changed by a byte, or a body
 * larger than `maxBodyBytes` (1 MiB; not read past it) is `WEBHOOK_SIGNATURE_INVALID` (answer
 * 401); a key that is not a P-256 public key is `INVALID_PUBLIC_KEY`; a signed body that is not
 * a webhook envelope, or that names a member twice in one object, is `INVALID_RESPONSE`.
 * Node 20+, Deno, Bun, workers: anything with WebCrypto. Give the raw body, never a parsed one
 * serialised again (`express.raw`, not `express.json`), and deduplicate on the event's `id`.
 *
 * A signature with the high `s` of its pair is accepted: the contract's guide verifies with
 * ordinary ECDSA (Node's `crypto.verify`, Python's `cryptography`), which signs either half, so
 * refusing one would refuse genuine deliveries. Its twin (`n - s`) verifies too, over the same
 * bytes: it can only replay a delivery, never change one. Deduplicate on the event's `id`, never
 * on the signature's bytes, and refuse an event older than the time you keep ids for (its
 * `timestamp`; see the backend guide's Webhooks).
 *
 * @example
 * ```ts
 * import express from 'express'
 * import { verifyWebhook } from 'embedded-wallet-auth/relay'
 *
 * const app = express()
 * app.post('/webhooks/service', express.raw({ type: 'application/json' }), async (req, res) => {
 *   try {
 *     const event = await verifyWebhook({
 *       body: req.body, // a Buffer: the bytes as received
 *       signature: req.get('X-Grid-Signature'),
 *       publicKey: process.env.SERVICE_WEBHOOK_PUBLIC_KEY ?? '',
 *     })
 *     await bookEvent(event) // idempotent on event.id
 *     res.sendStatus(200)
 *   } catch {
 *     res.sendStatus(401)
 *   }
 * })
 *
 * // Or with a fetch-style `Request` (Hono, workers, Next.js route handlers):
 * const event = await verifyWebhook({ request, headerName: 'X-Grid-Signature', publicKey })
 * ```
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const { publicKey, maxBodyBytes = MAX_BODY_BYTES } = options
  const { body, signature } = await deliveryOf(options, maxBodyBytes)
  const key = typeof publicKey === 'string' ? await importPem(publicKey) : publicKey
  const message = bodyBytes(body, maxBodyBytes)
  await verifySignature(key, rawSignature(signature), message)
  return parseWire(WebhookEnvelope, parseJson(message), 'Webhook')
}
