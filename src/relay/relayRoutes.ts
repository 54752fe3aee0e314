import { WalletAuthError } from '../errors.js'
import { TARGET_KEYS, type TargetKey } from './relayTarget.js'

/** A relay route compiled from `'METHOD /a/{param}/b'`. */
export interface RelayRoute {
  operation: string
  method: string
  segments: ReadonlyArray<{ literal: string } | { param: TargetKey }>
  /** More literal segments win: `/customers/internal-accounts` over `/customers/{customerId}`. */
  literals: number
}

/** A matched route and the ids its path parameters named (percent-decoded). */
export interface RouteMatch {
  route: RelayRoute
  params: Partial<Record<TargetKey, string>>
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
        if (param !== undefined) {
          if (!(TARGET_KEYS as readonly string[]).includes(param)) {
            throw invalid(operation, `{${param}} is not one of ${TARGET_KEYS.join(', ')}`)
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
    const matches = route.segments.every((segment, index) => {
      const part = parts[index] ?? ''
      if ('literal' in segment) return part === segment.literal
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
    if (matches) best = { route, params }
  }
  return best
}

/** The upstream path of a match: the route's literals and the decoded ids, nothing else. */
export function routePath(match: RouteMatch): string {
  return match.route.segments
    .map((segment) => ('literal' in segment ? segment.literal : (match.params[segment.param] ?? '')))
    .map((segment) => `/${segment}`)
    .join('')
}
