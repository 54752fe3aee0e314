import type * as z from 'zod/mini'
import { duplicateJsonKey } from '../intent/duplicateJsonKey.js'
import type { OperationRule } from './operationRules.js'
import { RelayRefusal } from './relayRefusal.js'
import { ID_PATTERN, type PathValueKey, pathValue, type RouteMatch } from './relayRoutes.js'
import { type RelayTarget, TARGET_KEYS, type TargetKey } from './relayTarget.js'

/** How many times in all the repeatable query parameters may be given (a list of currencies). */
const MAX_REPEATED = 32

/** A request's checked parts: what it names, and the query to forward. */
export interface ResolvedRequest {
  target: RelayTarget
  /** The query as the service receives it (`''` or `?…`): only the parameters the operation defines. */
  search: string
}

function invalidInput(message: string): RelayRefusal {
  return new RelayRefusal(400, 'INVALID_INPUT', message)
}

function issueText(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0]
  if (!issue) return 'it is malformed'
  const at = issue.path.length > 0 ? issue.path.join('.') : 'the object'
  if (issue.code === 'unrecognized_keys')
    return `${at} has members the operation does not define (${issue.keys.join(', ')})`
  if (issue.code === 'custom') return issue.message
  return `${at} is missing or malformed`
}

function parseJson(bytes: Uint8Array): unknown {
  let text: string
  let value: unknown
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    value = JSON.parse(text)
  } catch {
    throw invalidInput('The request body is not valid JSON.')
  }
  const repeated = duplicateJsonKey(text)
  if (repeated !== undefined)
    throw invalidInput(`The request body names ${JSON.stringify(repeated)} twice in one object.`)
  return value
}

/**
 * Checks a matched request against its operation's rule and resolves what it names. Refuses (400
 * `INVALID_INPUT`) a query parameter the operation does not define or given twice (but for those
 * it defines as repeatable, each value checked, at most 32 in all), a malformed path value (a UMA
 * address that is not one), a body where
 * the operation takes none, a body that names a member twice in one object or does not fit the
 * operation's schema (unknown members too), and two different values for one id.
 */
export function resolveTarget(
  match: RouteMatch,
  rule: OperationRule,
  query: URLSearchParams,
  bytes: Uint8Array,
): ResolvedRequest {
  const operation = match.route.operation
  const given = new Map<string, string>()
  const repeated: [string, string][] = []
  for (const [key, value] of query) {
    const each = rule.repeatable?.[key]
    if (each) {
      if (!each.safeParse(value).success)
        throw invalidInput(`The query does not fit ${operation}: ${key} is malformed.`)
      repeated.push([key, value])
      continue
    }
    if (given.has(key)) throw invalidInput(`The query names ${key} more than once.`)
    given.set(key, value)
  }
  if (repeated.length > MAX_REPEATED)
    throw invalidInput(`The query repeats parameters more than ${MAX_REPEATED} times.`)
  const values: Partial<Record<PathValueKey, string>> = {}
  for (const key of Object.keys(match.values) as PathValueKey[]) {
    const value = pathValue(match, key)
    if (value === undefined) throw invalidInput(`The path's ${key} is malformed.`)
    values[key] = value
  }
  const params = Object.fromEntries(given)
  let queryValues: Record<string, string | undefined> = {}
  if (rule.query) {
    const parsed = rule.query.safeParse(params)
    if (!parsed.success)
      throw invalidInput(`The query does not fit ${operation}: ${issueText(parsed.error.issues)}.`)
    queryValues = parsed.data
  } else if (given.size > 0) {
    throw invalidInput(`${operation} takes no query.`)
  }

  let body: Record<string, unknown> | undefined
  if (bytes.length > 0) {
    if (!rule.body) throw invalidInput(`${operation} takes no body.`)
    const parsed = rule.body.safeParse(parseJson(bytes))
    if (!parsed.success)
      throw invalidInput(`The body does not fit ${operation}: ${issueText(parsed.error.issues)}.`)
    body = parsed.data
  } else if (rule.bodyRequired) {
    throw invalidInput(`${operation} needs a JSON body.`)
  }

  const found = new Map<TargetKey, { value: string; from: string }>()
  const add = (key: TargetKey, value: unknown, from: string) => {
    if (value === undefined) return
    if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw invalidInput(`${from} is not a valid id.`)
    const earlier = found.get(key)
    if (earlier && earlier.value !== value)
      throw invalidInput(`${earlier.from} and ${from} name different ids.`)
    found.set(key, { value, from })
  }
  for (const key of TARGET_KEYS) add(key, match.params[key], `The path's ${key}`)
  const named = rule.targets?.(queryValues, body) ?? {}
  for (const key of TARGET_KEYS) add(key, named[key], `The request's ${key}`)

  const target: RelayTarget = { operation, ...values, body }
  for (const [key, { value }] of found) target[key] = value
  // The checked parameters once each in the rule's order, then the repeatable ones in the order sent.
  const forwarded = new URLSearchParams()
  for (const [key, value] of Object.entries(queryValues))
    if (value !== undefined) forwarded.append(key, value)
  for (const [key, value] of repeated) forwarded.append(key, value)
  const search = forwarded.size > 0 ? `?${forwarded}` : ''
  return { target, search }
}
