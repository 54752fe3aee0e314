import { WalletAuthError } from '../errors.js'
import { TARGET_KEYS, type TargetKey } from './relayTarget.js'

/**
 * Path parameters that are not ids, each with the pattern its decoded value must fit: a UMA
 * address (`$user@domain`, the UMA username characters and a host name with an optional port).
 */
export const PATH_VALUE_PATTERNS = {
  receiverUmaAddress:
    /^\$[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*(?::\d{1,5})?$/,
} as const

/** A path parameter that is not an id (see `PATH_VALUE_PATTERNS`). */
export type PathValueKey = keyof typeof PATH_VALUE_PATTERNS

/** A relay route compiled from `'METHOD /a/{param}/b'`. */
export interface RelayRoute {
  operation: string
  method: string
  segments: ReadonlyArray<{ literal: string } | { param: TargetKey } | { value: PathValueKey }>
  /** More literal segments win: `/customers/internal-accounts` over `/customers/{customerId}`. */
  literals: number
}

/** A matched route and the ids its path parameters named (percent-decoded). */
export interface RouteMatch {
  route: RelayRoute
  params: Partial<Record<TargetKey, string>>
  /**
   * The other path parameters as sent (still percent-encoded): `resolveTarget` decodes and checks
   * them, so that a malformed one is a 400 of the operation rather than no route at all.
   */
  values: Partial<Record<PathValueKey, string>>
}

/**
 * What an id may look like in a path, query or body: `<Type>:<uuid>` and other plain tokens,
 * WebAuthn credential ids (base64url, which may start with `-` or `_`) included. No `/`, `%`, `?`,
 * `#` or dot segments, so an approved id cannot reach another upstream path.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._~:-]{0,199}$/

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
const LITERAL = /^[A-Za-z0-9._~-]+$/
const PARAM = /^\{([A-Za-z]+)\}$/

function invalid(operation: unknown, why: string): WalletAuthError {
  return new WalletAuthError('INVALID_ARGUMENT', `Relay operation ${JSON.stringify(operation)}: ${why}`)
}

/**
 * Compiles operations like `'POST /auth/credentials/{credentialId}/verify'`; a malformed one, or
 * a `{param}` that is not a `RelayTarget` id field, throws `INVALID_ARGUMENT`.
 */
export function compileRoutes(operations: readonly string[]): RelayRoute[] {
  return operations.map((operation) => {
    if (typeof operation !== 'string') throw invalid(operation, 'not a string')
    const [method = '', path = '', ...rest] = operation.split(' ')
    if (rest.length > 0 || !METHODS.has(method)) throw invalid(operation, 'write it as "METHOD /path"')
    if (!path.startsWith('/')) throw invalid(operation, 'the path starts with /')
    const segments = path
      .slice(1)
      .split('/')
      .map((segment) => {
        const param = PARAM.exec(segment)?.[1]
        if (param !== undefined && Object.hasOwn(PATH_VALUE_PATTERNS, param)) {
          return { value: param as PathValueKey }
        }
        if (param !== undefined) {
          if (!(TARGET_KEYS as readonly string[]).includes(param)) {
            const known = [...TARGET_KEYS, ...Object.keys(PATH_VALUE_PATTERNS)].join(', ')
            throw invalid(operation, `{${param}} is not one of ${known}`)
          }
          return { param: param as TargetKey }
        }
        if (!LITERAL.test(segment)) throw invalid(operation, `bad segment "${segment}"`)
        return { literal: segment }
      })
    return { operation, method, segments, literals: segments.filter((s) => 'literal' in s).length }
  })
}

/** The most specific route for `method` and `path` (relative to the mount point), if any. */
export function matchRoute(
  routes: readonly RelayRoute[],
  method: string,
  path: string,
): RouteMatch | undefined {
  if (!path.startsWith('/')) return undefined
  const parts = path.slice(1).split('/')
  let best: RouteMatch | undefined
  for (const route of routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue
    if (best && best.route.literals >= route.literals) continue
    const params: RouteMatch['params'] = {}
    const values: RouteMatch['values'] = {}
    const matches = route.segments.every((segment, index) => {
      const part = parts[index] ?? ''
      if ('literal' in segment) return part === segment.literal
      if ('value' in segment) {
        values[segment.value] = part
        return part !== ''
      }
      let id: string
      try {
        id = decodeURIComponent(part)
      } catch {
        return false
      }
      if (!ID_PATTERN.test(id)) return false
      params[segment.param] = id
      return true
    })
    if (matches) best = { route, params, values }
  }
  return best
}

/**
 * A path value of a match, decoded, if it fits its pattern (`PATH_VALUE_PATTERNS`).
 *
 * @example
 * ```ts
 * pathValue(match, 'receiverUmaAddress') // '$alice@uma.example', or undefined when malformed
 * ```
 */
export function pathValue(match: RouteMatch, key: PathValueKey): string | undefined {
  const part = match.values[key]
  if (part === undefined) return undefined
  let value: string
  try {
    value = decodeURIComponent(part)
  } catch {
    return undefined
  }
  return PATH_VALUE_PATTERNS[key].test(value) ? value : undefined
}

/**
 * The upstream path of a match: the route's literals, the decoded ids and the checked path values
 * (percent-encoded again), nothing else.
 */
export function routePath(match: RouteMatch): string {
  return match.route.segments
    .map((segment) => {
      if ('literal' in segment) return segment.literal
      if ('value' in segment) return encodeURIComponent(pathValue(match, segment.value) ?? '')
      return match.params[segment.param] ?? ''
    })
    .map((segment) => `/${segment}`)
    .join('')
}
