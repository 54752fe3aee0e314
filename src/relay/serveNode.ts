import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Relay } from './createRelay.js'
import { RelayRefusal } from './relayRefusal.js'

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The request body as a web stream, read only as fast as the relay reads it. Cancelling it (a
 * body over the relay's limit) drops the rest, so the refusal can still be written.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true
  let onData: (chunk: Uint8Array) => void = () => {}
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        if (!open) return
        controller.enqueue(new Uint8Array(chunk))
        if ((controller.desiredSize ?? 0) <= 0) req.pause()
      }
      req.on('data', onData)
      req.once('end', () => {
        if (open) controller.close()
        open = false
      })
      req.once('error', (error) => {
        if (open) controller.error(error)
        open = false
      })
    },
    pull() {
      req.resume()
    },
    cancel() {
      open = false
      req.off('data', onData)
      req.resume()
    },
  })
}

/** Node's request as a web `Request` (headers, body, a signal aborted if the client goes away). */
function toWebRequest(
  req: IncomingMessage,
  path: string,
  body: Uint8Array | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers()
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string)
    } catch {
      // A header the fetch API will not hold is not one the relay forwards either.
    }
  }
  const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : 'localhost'
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  // Never resolve `path` against a base: `//other.host/x` must stay a path, not become a host.
  const url = new URL(`${scheme}://${host}${path.startsWith('/') ? path : `/${path}`}`)
  const method = (req.method ?? 'GET').toUpperCase()
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal }
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = body ? new Uint8Array(body) : bodyStream(req)
    init.duplex = 'half'
  }
  return new Request(url, init)
}

/**
 * Runs `relay` for one Node request and writes its answer. `path` is what the relay matches (with
 * its prefix); `body`, when a middleware already read it, replaces the stream.
 */
export async function serveNode(
  relay: Relay,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body?: Uint8Array,
): Promise<void> {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  let response: Response
  let request: Request | undefined
  try {
    request = toWebRequest(req, path, body, controller.signal)
    response = await relay(request)
  } catch {
    // Only a request the fetch API refuses (a CONNECT, a malformed target) gets here.
    response = new RelayRefusal(404, 'REFERENCE_NOT_FOUND', 'No such route on this relay.').toResponse()
  }
  const bytes = new Uint8Array(await response.arrayBuffer())
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    res.setHeader(name, value)
  })
  // A body the relay did not read (it refused first) is discarded; if it is still arriving, the
  // connection ends with this answer instead of waiting for bytes nobody reads.
  if (request?.body && !request.bodyUsed) await request.body.cancel().catch(() => {})
  if (!req.complete) {
    res.setHeader('Connection', 'close')
    req.resume()
  }
  res.end(bytes)
}
