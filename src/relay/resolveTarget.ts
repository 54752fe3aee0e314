import { RelayRefusal } from './relayRefusal.js'
import { ID_PATTERN, type RouteMatch } from './relayRoutes.js'
import { type RelayTarget, TARGET_KEYS, type TargetKey } from './relayTarget.js'

/** Ids some built-in operations must name, else the service would answer for everyone (or no one). */
const REQUIRED: Readonly<Record<string, readonly TargetKey[]>> = {
  'POST /auth/credentials': ['accountId'],
  'GET /auth/credentials': ['accountId'],
  'GET /auth/sessions': ['accountId'],
  // Without customerId the service lists every customer's accounts.
  'GET /customers/internal-accounts': ['customerId'],
  // A quote made for no customer is made for the platform itself.
  'POST /quotes': ['accountId', 'customerId'],
}

const QUERY_KEYS: readonly TargetKey[] = ['accountId', 'customerId']
const SOURCE_KEYS: readonly TargetKey[] = ['accountId', 'customerId']

function invalidInput(message: string): RelayRefusal {
  return new RelayRefusal(400, 'INVALID_INPUT', message)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Resolves what a request names from its path parameters, query and parsed body. Refuses (400
 * `INVALID_INPUT`) an id that is not a plain token, a query key given twice, two different values for
 * one field, and a built-in operation without the id it needs.
 */
export function resolveTarget(match: RouteMatch, query: URLSearchParams, body: unknown): RelayTarget {
  const found = new Map<TargetKey, { value: string; from: string }>()
  const add = (key: TargetKey, value: unknown, from: string) => {
    if (value === undefined) return
    if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw invalidInput(`${from} is not a valid id.`)
    const earlier = found.get(key)
    if (earlier && earlier.value !== value) {
      throw invalidInput(`${earlier.from} and ${from} name different ids.`)
    }
    found.set(key, { value, from })
  }

  for (const key of TARGET_KEYS) add(key, match.params[key], `The path's ${key}`)
  for (const key of QUERY_KEYS) {
    const values = query.getAll(key)
    if (values.length > 1) throw invalidInput(`The query names ${key} more than once.`)
    add(key, values[0], `Query ${key}`)
  }
  if (isObject(body)) {
    for (const key of TARGET_KEYS) add(key, body[key], `Body ${key}`)
    if (isObject(body.source)) for (const key of SOURCE_KEYS) add(key, body.source[key], `Body source.${key}`)
  }

  const operation = match.route.operation
  const required = REQUIRED[operation]
  if (required && !required.some((key) => found.has(key))) {
    throw invalidInput(`${operation} needs ${required.join(' or ')}.`)
  }
  const target: RelayTarget = { operation, body }
  for (const [key, { value }] of found) target[key] = value
  return target
}
