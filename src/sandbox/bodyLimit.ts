import type { Context, MiddlewareHandler } from 'hono'
import { readBytesUpTo } from '../crypto/readBytesUpTo.js'

// Bodies the middleware has read, for `requestBytes`: the request's own stream is spent by then.
const readBodies = new WeakMap<Request, Uint8Array<ArrayBuffer>>()

// How much of a refused body is read and dropped before the 413 goes out. A client still uploading
// when the answer comes and the connection closes (the server drains an unread body for only a
// moment) gets a reset instead of its 413; a body larger than this may still meet that fate.
const DISCARD_BYTES = 1024 * 1024

async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  let length = read
  try {
    while (length <= DISCARD_BYTES) {
      const { done, value } = await reader.read()
      if (done) return
      length += value.byteLength
    }
    await reader.cancel()
  } catch {
    // The client went away: nothing left to drop.
  }
}

/**
 * Refuses request bodies larger than `maxBytes` with `onTooLarge`, as Hono's `bodyLimit` does: a
 * declared `Content-Length` is checked before reading; a body without one (a `Request` made in
 * process, a chunked upload) is read up to the limit. Unlike Hono's, which then builds a second
 * `Request` around the bytes for the route to read again, it keeps the bytes for `requestBytes`:
 * that copy cost more than the rest of a small request. A refused body of up to 1 MiB is read to
 * its end and dropped before the 413, so that the client hears the 413 rather than a reset.
 *
 * @example
 * ```ts
 * app.use('*', bodyLimit(64 * 1024, () => errorResponse(tooLarge)))
 * ```
 */
export function bodyLimit(maxBytes: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw
    if (!request.body) return next()
    if (request.headers.has('content-length') && !request.headers.has('transfer-encoding')) {
      const declared = Number.parseInt(request.headers.get('content-length') || '0', 10)
      if (!(declared > maxBytes)) return next()
      if (declared <= DISCARD_BYTES) await discard(request.body.getReader(), 0)
      return onTooLarge(c)
    }
    const reader = request.body.getReader()
    const { bytes, length } = await readBytesUpTo(reader, maxBytes)
    if (!bytes) {
      await discard(reader, length)
      return onTooLarge(c)
    }
    readBodies.set(request, bytes)
    return next()
  }
}

/**
 * The bytes of the request body: the ones `bodyLimit` read, or read now.
 *
 * @example
 * ```ts
 * const bytes = await requestBytes(c)
 * ```
 */
export async function requestBytes(c: Context): Promise<Uint8Array<ArrayBuffer>> {
  return readBodies.get(c.req.raw) ?? new Uint8Array(await c.req.arrayBuffer())
}
