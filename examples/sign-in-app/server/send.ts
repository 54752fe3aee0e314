import type { ServerResponse } from 'node:http'

/**
 * Answers with `status` and `body` as JSON: the backend's routes and its webhook endpoint alike.
 *
 * @example
 * ```ts
 * send(res, 401, { code: 'UNAUTHORIZED' })
 * ```
 */
export function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(body))
}
