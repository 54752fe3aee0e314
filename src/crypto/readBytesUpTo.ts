import { concatBytes } from './concatBytes.js'

/**
 * Reads `reader` to its end, or until more than `maxBytes` have arrived. Returns the bytes, or,
 * past the limit, no bytes and the count read so far: the caller then cancels or drains the rest.
 * Shared by the relay and the sandbox, which both refuse oversized request bodies without
 * buffering whatever a client sends. Not part of the public `crypto` entry.
 */
export async function readBytesUpTo(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes?: Uint8Array<ArrayBuffer>; length: number }> {
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { bytes: concatBytes(...chunks), length }
    length += value.byteLength
    if (length > maxBytes) return { length }
    chunks.push(value)
  }
}
