import type { IncomingMessage } from 'node:http'

/**
 * The address the person's request came from, as the wallet service wants it in an SCA login: the
 * device's, never this server's. Here the socket's peer (`::ffff:` of an IPv4 peer on a dual-stack
 * socket taken off). Behind a proxy or load balancer, read it from the header that proxy sets
 * (`X-Forwarded-For`'s entry it added), and only from a proxy you run.
 *
 * @example
 * ```ts
 * send(res, 200, { endUserIpAddress: endUserIpAddress(req) })
 * ```
 */
export function endUserIpAddress(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress
  return address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
}
