// RFC 3339 date-time with seconds and a `Z` or `±hh:mm` offset, as zod's ISO date-time with offsets
// reads it (test/fetch/fetchReaders.test.ts keeps the two in agreement), in plain code: the signing
// path reads with it without zod, and `DateTime` checks with it without zod's date-time patterns.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

/** Whether `value` is an RFC 3339 date-time the wire schemas accept (a real calendar day). */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = DATE_TIME.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number]
  // setUTCFullYear, not Date.UTC: years 0-99 must stay themselves.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
