/** Options of `serviceClockOffset`. */
export interface ServiceClockOffsetOptions {
  /** The verify or refresh response body (an AuthSession). */
  response: unknown
  /** This device's clock (ms) when the response arrived. */
  receivedAt: number
  /** The response's `Date` header, if the page could read it. */
  date?: string | null
}

const readTime = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN)

/**
 * The service's clock minus this device's, in ms, as a verify or refresh response shows it, or
 * `undefined` when it shows no time. The session's own `createdAt` comes first: the service's
 * clock to the millisecond, the same clock as `expiresAt`, and in the body, which relays pass
 * on and CORS does not hide (a cross-origin page cannot read `Date`). The `Date` header, to the
 * second, is the fallback. Either was stamped before the answer left, so the offset errs by the
 * trip back, well inside the expiry margin.
 *
 * @example
 * ```ts
 * const clockOffsetMs = serviceClockOffset({ response: body, receivedAt: Date.now(), date: res.headers.get('Date') })
 * ```
 */
export function serviceClockOffset(options: ServiceClockOffsetOptions): number | undefined {
  const { response, receivedAt, date } = options
  const createdAt =
    typeof response === 'object' && response !== null
      ? readTime((response as { createdAt?: unknown }).createdAt)
      : Number.NaN
  const serviceTime = Number.isFinite(createdAt) ? createdAt : readTime(date)
  return Number.isFinite(serviceTime) && Number.isFinite(receivedAt) ? serviceTime - receivedAt : undefined
}
