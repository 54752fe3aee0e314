/**
 * Throws `what` when `actual` and `expected` differ as JSON: the scenarios' one assertion, since
 * they run in a page without a test framework.
 *
 * @example
 * ```ts
 * checkEqual(response.status, 200, 'the signed retry is answered')
 * ```
 */
export function checkEqual(actual: unknown, expected: unknown, what: string): void {
  const [got, wanted] = [JSON.stringify(actual), JSON.stringify(expected)]
  if (got !== wanted) throw new Error(`${what}: expected ${wanted}, got ${got}`)
}
