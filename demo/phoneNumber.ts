// Phone numbers for SMS sign-in: the service takes E.164 ("+" country code and number, up to 15
// digits). People type spaces, dashes, dots and brackets; those are dropped, nothing else is guessed.

const E164 = /^\+[1-9][0-9]{6,14}$/

/** The E.164 form of `typed` ("+33 6 12-34-56-78" → "+33612345678"), or `undefined` if it is not one. */
export function toE164(typed: string): string | undefined {
  const compact = typed.trim().replace(/[\s().\-\u00a0]/g, '')
  return E164.test(compact) ? compact : undefined
}
