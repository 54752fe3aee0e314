// Ports for the servers a cross-engine run starts beside whatever else runs on the machine.
import { createServer } from 'node:net'

/**
 * `count` ports free on localhost right now, each released before it is answered (the server
 * that takes one listens on it next).
 *
 * @example
 * ```js
 * const [app, signer] = await freePorts(2)
 * ```
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function freePorts(count) {
  const servers = Array.from({ length: count }, () => createServer())
  await Promise.all(servers.map((server) => new Promise((resolve) => server.listen(0, 'localhost', resolve))))
  const ports = servers.map((server) => server.address().port)
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}
