import { OPEN_EDGE } from './openEdge.js'

const STANDARD_RUN = /[A-Za-z0-9+/]+/g
// A base64url run is also one of the standard alphabet cut at `/` and `+`: a value in a URL path
// (`v1/NDgyOTEz`), which the standard run would glue to the segments before it.
const URL_RUN = /[A-Za-z0-9_-]+/g

// From whole groups of four (a last lone character makes no byte: an open edge). Node's base64
// decoder takes both alphabets.
function decoded(run: string, cutBefore: boolean): string {
  const whole = run.length % 4 === 1 ? run.length - 1 : run.length
  const bytes = Buffer.from(run.slice(0, whole), 'base64').toString('latin1')
  return `${cutBefore ? OPEN_EDGE : ''}${bytes}${whole < run.length ? OPEN_EDGE : ''}`
}

/**
 * What the base64 and base64url runs of `text` (at least `minLength` characters) decode to, as
 * Latin-1 text (a character a byte). Each run is read from each of its first four characters: it
 * may begin with characters of something else (`sid` before a base64url value), and only one of
 * the four readings has its groups where the encoder put them; a text the run encoded holds the
 * code at any of three byte offsets, and that reading holds it whole. A piece of a standard run
 * between `/` and `+` is read from its start only. Where a reading skipped characters it begins
 * with `OPEN_EDGE`, and where a lone last character made no byte it ends with one.
 *
 * @example
 * ```ts
 * base64Readings('otp=eyJvdHAiOiI0ODI5MTMifQ==', 8)[0] // '{"otp":"482913"}'
 * ```
 */
export function base64Readings(text: string, minLength: number): string[] {
  // Each run with the characters it may skip: a piece of a standard run begins where a path
  // segment or a value does (a random blob's pieces, read four ways, would be many readings).
  const runs = new Map<string, number>()
  const add = (run: string, skips: number) => {
    if (run.length >= minLength && (runs.get(run) ?? 0) < skips) runs.set(run, skips)
  }
  for (const [run] of text.matchAll(STANDARD_RUN)) add(run, 4)
  for (const [run] of text.matchAll(URL_RUN)) add(run, /[-_]/.test(run) ? 4 : 1)
  const readings: string[] = []
  for (const [run, skips] of runs) {
    for (let skip = 0; skip < skips && run.length - skip >= minLength; skip++) {
      readings.push(decoded(run.slice(skip), skip > 0))
    }
  }
  return readings
}
