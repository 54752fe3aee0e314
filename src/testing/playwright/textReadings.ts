import { base64Readings } from './base64Readings.js'
import { byteArrayReadings } from './byteArrayReadings.js'
import { hexReadings } from './hexReadings.js'
import { jsonUnescaped } from './jsonUnescaped.js'
import { percentDecoded } from './percentDecoded.js'

/** One way of reading a text: what it says once the decodings `via` (outermost first) are undone. */
export interface TextReading {
  text: string
  via: string[]
}

// Each with the least a run must hold to carry a code of `length` characters.
const DECODINGS: { name: string; read: (text: string, length: number) => string[] }[] = [
  { name: 'percent-encoded', read: (text) => [percentDecoded(text)] },
  { name: 'JSON-escaped', read: (text) => [jsonUnescaped(text)] },
  { name: 'base64', read: (text, length) => base64Readings(text, Math.ceil((length * 4) / 3)) },
  { name: 'hex', read: (text, length) => hexReadings(text, length * 2) },
  { name: 'bytes', read: (text, length) => byteArrayReadings(text, length) },
]

// Enough for the encodings stacked in practice (base64 of a JSON text in a percent-encoded query).
const LAYERS = 3

// A decoding read at the wrong alignment, or of a run that was never base64 or hex, is bytes of
// no meaning: read as it is, not decoded further (a large body would otherwise make millions).
function isText(text: string): boolean {
  const control = text.match(/[^\t\n\r\x20-\x7e]/g)?.length ?? 0
  return control <= text.length / 10
}

/**
 * The readings of `text` that could carry a code of `codeLength` characters: the text itself,
 * then what each decoding makes of it (percent-encoding, JSON escapes, base64 or base64url, hex,
 * arrays of bytes), then what each makes of those that read as text, up to three layers; fewer
 * layers first.
 *
 * @example
 * ```ts
 * const readings = [...textReadings('otp=NDgyOTEz', 6)]
 * readings.some(({ text, via }) => text === '482913' && via[0] === 'base64') // true
 * ```
 */
export function* textReadings(text: string, codeLength: number): Generator<TextReading> {
  let layer: TextReading[] = [{ text, via: [] }]
  for (let depth = 0; layer.length > 0; depth++) {
    yield* layer
    if (depth === LAYERS) return
    layer = layer
      .filter((reading) => reading.via.length === 0 || isText(reading.text))
      .flatMap((reading) => decodedOnce(reading, codeLength))
  }
}

function decodedOnce({ text, via }: TextReading, codeLength: number): TextReading[] {
  return DECODINGS.flatMap(({ name, read }) =>
    read(text, codeLength)
      .filter((decoded) => decoded !== text)
      .map((decoded) => ({ text: decoded, via: [...via, name] })),
  )
}
