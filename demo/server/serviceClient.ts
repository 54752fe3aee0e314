import type * as z from 'zod/mini'
import { ErrorBody } from '../../src/wire/index.js'
import { DemoError } from './demoError.js'

/** The demo backend's own calls to the service (or sandbox), with the API credentials. */
export interface ServiceClient {
  /**
   * Sends one request and returns its 2xx body as `schema` reads it. A service refusal comes back
   * as a `DemoError` with the service's status, code and message; anything else (unreachable,
   * credentials refused, 5xx, an unexpected body) is a 502 `BAD_GATEWAY`.
   */
  call<T extends z.ZodMiniType>(method: string, path: string, schema: T, body?: unknown): Promise<z.infer<T>>
}

function badGateway(message: string): DemoError {
  return new DemoError(502, 'BAD_GATEWAY', message)
}

/**
 * A `ServiceClient` for `baseUrl` (versioned), authenticated with HTTP Basic.
 *
 * @example
 * ```ts
 * const service = createServiceClient({ baseUrl: server.baseUrl, clientId, clientSecret })
 * const customer = await service.call('POST', '/customers', z.looseObject({ id: z.string() }), body)
 * ```
 */
export function createServiceClient(options: {
  baseUrl: string
  clientId: string
  clientSecret: string
}): ServiceClient {
  const { baseUrl, clientId, clientSecret } = options
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
  return {
    async call(method, path, schema, body) {
      let response: Response
      try {
        response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            Authorization: authorization,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          redirect: 'manual',
        })
      } catch {
        throw badGateway('The service could not be reached.')
      }
      const json: unknown = await response.json().catch(() => undefined)
      if (response.status === 401 || response.status === 403) {
        throw badGateway(
          `The service refused the demo backend's request (${response.status}): check its API credentials.`,
        )
      }
      if (response.status >= 400 && response.status < 500) {
        const error = ErrorBody.safeParse(json)
        if (error.success) throw new DemoError(response.status, error.data.code, error.data.message)
      }
      if (response.status < 200 || response.status >= 300) {
        throw badGateway(`The service answered ${method} ${path.split('?')[0]} with ${response.status}.`)
      }
      const parsed = schema.safeParse(json)
      if (!parsed.success)
        throw badGateway(`The service's answer to ${method} ${path.split('?')[0]} was unexpected.`)
      return parsed.data
    },
  }
}
