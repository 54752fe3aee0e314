// The backend's own calls to the wallet service, with the app's API credentials (HTTP Basic): they
// never leave this server. The page reaches the service only through the relay.

/** The wallet service: its base URL (version included) and the app's API credentials. */
export interface ServiceSettings {
  baseUrl: string
  clientId: string
  clientSecret: string
}

/** The wallet service answered a call of the backend's with an error status. */
export class ServiceRefused extends Error {
  readonly status: number
  /** The service's error code (`INVALID_INPUT`, `CONFLICT`…), when its answer named one. */
  readonly code: string | undefined
  constructor(status: number, code?: string) {
    super(`The wallet service answered ${status}${code ? ` ${code}` : ''}.`)
    this.status = status
    this.code = code
  }
}

/**
 * `call(method, path, body?)`: the service's JSON answer, or a `ServiceRefused`.
 *
 * @example
 * ```ts
 * const call = serviceApi(settings.service)
 * const customer = await call<{ id: string }>('POST', '/customers', { customerType: 'INDIVIDUAL' })
 * ```
 */
export function serviceApi({ baseUrl, clientId, clientSecret }: ServiceSettings) {
  const authorization = `Basic ${btoa(`${clientId}:${clientSecret}`)}`
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: authorization,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { code?: unknown }
      throw new ServiceRefused(response.status, typeof answer.code === 'string' ? answer.code : undefined)
    }
    return (await response.json()) as T
  }
}

/** What `serviceApi` returns. */
export type ServiceCall = ReturnType<typeof serviceApi>
