import type { IncomingMessage, ServerResponse } from 'node:http'
import { WalletAuthError } from '../errors.js'
import type { Relay } from './createRelay.js'
import { serveNode } from './serveNode.js'

/** The parts of an Express (or Connect, Polka…) request the middleware reads. */
export interface ExpressLikeRequest extends IncomingMessage {
  /** The path before the app stripped its mount point (Express sets it). */
  originalUrl?: string
  /** Set by body parsers: only a `Buffer` from `express.raw()` can be forwarded. */
  body?: unknown
}

/** An Express-style `next`. */
export type ExpressLikeNext = (error?: unknown) => void

/**
 * Adapts a relay to Express-style middleware. Mount it at the relay's `prefix`
 * (`app.use('/wallet', toExpressMiddleware(relay))` with `prefix: '/wallet'`): it matches
 * `req.originalUrl`, so the prefix means the same path as on any other server. Mount it before
 * `express.json()` and other parsers, which would consume the body bytes the service must receive
 * unchanged; with one before it, only `express.raw()` works, else `next` gets `INVALID_ARGUMENT`.
 *
 * @example
 * ```ts
 * const app = express()
 * app.use('/wallet', toExpressMiddleware(createRelay({ ...options, prefix: '/wallet' })))
 * app.use(express.json()) // after the relay
 * ```
 */
export function toExpressMiddleware(
  relay: Relay,
): (req: ExpressLikeRequest, res: ServerResponse, next: ExpressLikeNext) => void {
  return (req, res, next) => {
    let body: Uint8Array | undefined
    if (req.body instanceof Uint8Array) {
      body = req.body
    } else if ((req as { _body?: unknown })._body === true || (req.readableEnded && req.method !== 'GET')) {
      next(
        new WalletAuthError(
          'INVALID_ARGUMENT',
          'A body parser read this request before the relay; mount the relay before it (or use express.raw()).',
        ),
      )
      return
    }
    serveNode(relay, req, res, req.originalUrl ?? req.url ?? '/', body).catch(next)
  }
}
