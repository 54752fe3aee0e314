// A JSON array of numbers (its bytes: every number), and what JSON.stringify makes of a
// Uint8Array, {"0":52,"1":56,…} (its bytes: the numbers after a colon).
const ARRAYS = [
  { pattern: /\[\s*\d{1,3}(?:\s*,\s*\d{1,3})*\s*\]/g, byte: /\d+/g },
  { pattern: /\{\s*"0"\s*:\s*\d{1,3}(?:\s*,\s*"\d+"\s*:\s*\d{1,3})*\s*\}/g, byte: /(?<=:\s*)\d+/g },
]

/**
 * What the arrays of bytes in `text` (at least `minLength` of them) read as, in Latin-1 (a
 * character a byte): `[52,56,50,57,49,51]` and `{"0":52,"1":56,…}` (a Uint8Array through
 * `JSON.stringify`) are the text `4829…`. An array with a number over 255 is no array of bytes.
 *
 * @example
 * ```ts
 * byteArrayReadings('{"otp":[52,56,50,57,49,51]}', 6) // ['482913']
 * ```
 */
export function byteArrayReadings(text: string, minLength: number): string[] {
  const readings: string[] = []
  for (const { pattern, byte } of ARRAYS) {
    for (const [array] of text.matchAll(pattern)) {
      const bytes = (array.match(byte) ?? []).map(Number)
      if (bytes.length >= minLength && bytes.every((value) => value <= 255)) {
        readings.push(String.fromCharCode(...bytes))
      }
    }
  }
  return readings
}
