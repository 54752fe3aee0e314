import { OPEN_EDGE } from './openEdge.js'

// Whole bytes only (a last lone digit is an open edge); Node's hex decoder takes either case.
function decoded(run: string, cutBefore: boolean): string {
  const whole = run.length - (run.length % 2)
  const bytes = Buffer.from(run.slice(0, whole), 'hex').toString('latin1')
  return `${cutBefore ? OPEN_EDGE : ''}${bytes}${whole < run.length ? OPEN_EDGE : ''}`
}

/**
 * What the hex runs of `text` (at least `minLength` digits, either case) decode to, as Latin-1
 * text (a character a byte), each read from its first and from its second digit: the hex of a
 * code's ASCII digits is itself all digits, and may follow a digit of something else. Where a
 * reading skipped a digit it begins with `OPEN_EDGE`.
 *
 * @example
 * ```ts
 * hexReadings('otp=343832393133', 12)[0] // '482913'
 * ```
 */
export function hexReadings(text: string, minLength: number): string[] {
  const readings: string[] = []
  for (const [run] of text.matchAll(/[0-9A-Fa-f]+/g)) {
    for (const skip of [0, 1]) {
      if (run.length - skip >= minLength) readings.push(decoded(run.slice(skip), skip > 0))
    }
  }
  return readings
}
