import { OPEN_EDGE } from './openEdge.js'

// Each alphabet on its own, so that a base64url run in a URL path is not glued to the segments
// before it by the standard alphabet's `/`.
const RUNS = [/[A-Za-z0-9+/]+/g, /[A-Za-z0-9_-]+/g]

// From whole groups of four (a last lone character makes no byte: an open edge). Node's base64
// decoder takes both alphabets.
function decoded(run: string, cutBefore: boolean): string {
  const whole = run.length % 4 === 1 ? run.length - 1 : run.length
  const bytes = Buffer.from(run.slice(0, whole), 'base64').toString('latin1')
  return `${cutBefore ? OPEN_EDGE : ''}${bytes}${whole < run.length ? OPEN_EDGE : ''}`
}

/**
 * What the base64 and base64url runs of `text` (at least `minLength` characters) decode to, as
 * Latin-1 text (a character a byte), each run read from each of its first four characters: a run
 * may begin with characters of something else (`otp_` before a base64url value), and only one of
 * the four readings has its groups where the encoder put them. A text the run encoded holds the
 * code at any of three byte offsets, and its right reading holds it whole. Where a reading skipped
 * characters it begins with `OPEN_EDGE`.
 *
 * @example
 * ```ts
 * base64Readings('otp=eyJvdHAiOiI0ODI5MTMifQ==', 8)[0] // '{"otp":"482913"}'
 * ```
 */
export function base64Readings(text: string, minLength: number): string[] {
  const runs = new Set<string>()
  for (const alphabet of RUNS) {
    for (const [run] of text.matchAll(alphabet)) if (run.length >= minLength) runs.add(run)
  }
  const readings: string[] = []
  for (const run of runs) {
    for (let skip = 0; skip < 4 && run.length - skip >= minLength; skip++) {
      readings.push(decoded(run.slice(skip), skip > 0))
    }
  }
  return readings
}
