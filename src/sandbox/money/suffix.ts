/**
 * The last 3 characters of a sandbox identifier, which select its outcome (spec "Sandbox
 * outcomes"). For identifiers with a domain part (`name105@bank.example`, `$alice105@uma.example`)
 * the suffix is taken from the username portion.
 *
 * @example
 * ```ts
 * outcomeSuffix('000123456003') // '003'
 * outcomeSuffix('bob105@bank.example') // '105'
 * ```
 */
export function outcomeSuffix(identifier: string): string {
  const at = identifier.indexOf('@')
  const username = at === -1 ? identifier : identifier.slice(0, at)
  return username.trim().slice(-3)
}
