import { readBytesUpTo } from '../crypto/readBytesUpTo.js'
import { RelayRefusal } from './relayRefusal.js'

function tooLarge(maxBytes: number): RelayRefusal {
  return new RelayRefusal(413, 'PAYLOAD_TOO_LARGE', `Bodies are limited to ${maxBytes} bytes.`)
}

/**
 * Reads a request body once, as bytes, stopping as soon as it grows past `maxBytes` (or declares
 * more) instead of buffering whatever a client sends: it throws `refuse(maxBytes)`, by default the
 * relay's 413 `PAYLOAD_TOO_LARGE`.
 *
 * @example
 * ```ts
 * const body = await readBodyBytes(request, 64 * 1024)
 * ```
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  refuse: (maxBytes: number) => Error = tooLarge,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > maxBytes) throw refuse(maxBytes)
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const { bytes } = await readBytesUpTo(reader, maxBytes)
  if (bytes) return bytes
  await reader.cancel().catch(() => {})
  throw refuse(maxBytes)
}
