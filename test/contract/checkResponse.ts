import * as z from 'zod'
import type { ContractRoute } from './contractRoute.js'
import { ERROR_CODES, TRANSPORT_ERROR_CODES } from './errorCodes.js'

/** Statuses every operation may answer: HTTP Basic refused, and a bug. */
const EVERY_OPERATION = [401, 500]

/** What `checkResponse` looks at. */
export interface ObservedResponse {
  method: string
  /** The request URL; everything after the API version segment is matched against the routes. */
  url: string
  status: number
  headers: Headers
  /** The body read as JSON (`undefined` for an empty body). */
  body: unknown
}

/** The outcome for one response: `route` is absent where no contract route matched the path. */
export interface ContractCheck {
  route?: ContractRoute
  /** Every way the response differs from the contract; empty when it conforms. */
  problems: string[]
}

const ErrorBody = z.strictObject({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
  // Not in the contract: the sandbox names the failed check of an authentication error.
  reason: z.optional(z.string()),
})

/** `/2025-10-13/quotes/Quote:1/execute` -> `/quotes/Quote:1/execute`. */
function operationPath(url: string): string {
  const path = new URL(url).pathname.replace(/^\/\d{4}-\d{2}-\d{2}(?=\/)/, '')
  try {
    return decodeURIComponent(path)
  } catch {
    return path // not percent-decodable: matched as sent
  }
}

function matches(template: string, path: string): boolean {
  const want = template.split('/')
  const got = path.split('/')
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith('{') ? got[i] !== '' : part === got[i]))
  )
}

/**
 * Finds the contract route of a request: the one whose template matches the path, preferring
 * literal segments over parameters (`/customers/internal-accounts` over `/customers/{customerId}`).
 */
export function findRoute(
  routes: readonly ContractRoute[],
  method: string,
  url: string,
): ContractRoute | undefined {
  const path = operationPath(url)
  const candidates = routes.filter(
    (route) => route.method === method.toUpperCase() && matches(route.path, path),
  )
  const literals = (route: ContractRoute) =>
    route.path.split('/').filter((part) => !part.startsWith('{')).length
  return candidates.sort((a, b) => literals(b) - literals(a))[0]
}

function errorProblems(observed: ObservedResponse): string[] {
  const parsed = ErrorBody.safeParse(observed.body)
  if (!parsed.success) return [`error body is not the Error object: ${z.prettifyError(parsed.error)}`]
  const problems: string[] = []
  const { status, code } = parsed.data
  if (status !== observed.status)
    problems.push(`error body says status ${status}, the response is ${observed.status}`)
  const codes = ERROR_CODES[observed.status] ?? TRANSPORT_ERROR_CODES[observed.status]
  if (codes === undefined) problems.push(`the contract defines no error status ${observed.status}`)
  else if (!codes.includes(code))
    problems.push(`code ${code} is not one the contract defines for ${observed.status}`)
  if (observed.status === 429 && !/^\d+$/.test(observed.headers.get('Retry-After') ?? '')) {
    problems.push('a 429 without Retry-After in whole seconds')
  }
  return problems
}

/**
 * Checks one sandbox response against the contract: a documented status for the operation, a
 * success body that its schema accepts, an error body that is the Error object with a code the
 * contract defines for that status. A path no route matches is only checked as an error.
 *
 * @example
 * ```ts
 * const { problems } = checkResponse(allRoutes, { method: 'GET', url, status: 200, headers, body })
 * ```
 */
export function checkResponse(routes: readonly ContractRoute[], observed: ObservedResponse): ContractCheck {
  const route = findRoute(routes, observed.method, observed.url)
  const where = `${observed.method} ${operationPath(observed.url)} -> ${observed.status}`
  const problems: string[] = []
  if (observed.status >= 400) {
    problems.push(...errorProblems(observed))
    if (route && !route.errors.includes(observed.status) && !EVERY_OPERATION.includes(observed.status)) {
      if (!(observed.status in TRANSPORT_ERROR_CODES))
        problems.push(`${route.path} documents no ${observed.status}`)
    }
  } else if (route) {
    if (!(observed.status in route.responses)) {
      problems.push(`${route.path} documents no ${observed.status}`)
    } else {
      const schema = route.responses[observed.status]
      if (schema === null || schema === undefined) {
        if (observed.body !== undefined) problems.push('a body where the contract documents none')
      } else {
        const parsed = schema.safeParse(observed.body)
        if (!parsed.success) problems.push(z.prettifyError(parsed.error))
      }
    }
  }
  return { ...(route ? { route } : {}), problems: problems.map((problem) => `${where}: ${problem}`) }
}
