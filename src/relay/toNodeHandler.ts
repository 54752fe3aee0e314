import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Relay } from './createRelay.js'
import { serveNode } from './serveNode.js'

/**
 * Adapts a relay to Node's `http.createServer` (or `https`): the incoming message becomes a
 * `Request` with its headers and body stream, and the relay's `Response` is written back. The
 * relay sees the full request path, so give it the `prefix` it is reached under.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * const relay = createRelay({ ...options, prefix: '/wallet' })
 * createServer(toNodeHandler(relay)).listen(3000, 'localhost')
 * ```
 */
export function toNodeHandler(relay: Relay): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return (req, res) => serveNode(relay, req, res, req.url ?? '/')
}
