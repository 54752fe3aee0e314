/**
 * The hex token of an id (`InternalAccount:<uuid>` -> the uuid's 32 hex digits): what sandbox
 * addresses, account numbers and references of that account or quote are made from.
 *
 * @example
 * ```ts
 * idToken('Quote:019542f5-b3e7-1d02-0000-000000000006') // '019542f5b3e71d020000000000000006'
 * ```
 */
export function idToken(id: string): string {
  return id.slice(id.indexOf(':') + 1).replaceAll('-', '')
}
