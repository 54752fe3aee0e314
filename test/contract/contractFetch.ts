import { checkResponse } from './checkResponse.js'
import { contractRoutes } from './contractRoutes.js'

/** Thrown by `contractFetch` when a response differs from the service's contract. */
export class ContractViolation extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`The sandbox answered outside the service's contract:\n- ${problems.join('\n- ')}`)
    this.name = 'ContractViolation'
    this.problems = problems
  }
}

/**
 * Wraps a fetch that reaches the sandbox so that every response is checked against the contract
 * routes before the caller sees it; a difference throws `ContractViolation`, failing the test that
 * made the request. The caller gets an untouched copy of the response.
 *
 * @example
 * ```ts
 * const api = contractFetch((input, init) => sandbox.fetch(new Request(input, init)))
 * ```
 */
export function contractFetch(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const response = await fetchFn(request)
    const text = await response.clone().text()
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      throw new ContractViolation([
        `${request.method} ${request.url} -> ${response.status}: the body is not JSON`,
      ])
    }
    const { problems } = checkResponse(contractRoutes, {
      method: request.method,
      url: request.url,
      status: response.status,
      headers: response.headers,
      body,
    })
    if (problems.length > 0) throw new ContractViolation(problems)
    return response
  }
}
