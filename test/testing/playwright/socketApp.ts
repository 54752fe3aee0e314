// A page app on a loopback port that also takes WebSockets, for the guard's WebSocket specs.
// Chromium's local network access checks let a page open a socket to a loopback address only when
// the page itself came from one, not from `page.route`; so this server serves the page too. On
// Node's http alone (the project has no WebSocket server among its dependencies): the RFC 6455
// handshake, then whatever the page sends is read and dropped; the guard reads it in the browser.
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { CODE_PAGE, STRICT_POLICY } from './fixtureTestKit.js'

// RFC 6455, section 1.3: the client's key with this GUID, hashed, is the server's answer.
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/** A running app: its origin (`http://127.0.0.1:<port>`; its WebSockets on `ws://` there), and how to stop it. */
export interface SocketApp {
  origin: string
  close(): Promise<void>
}

function answer(script: string): Parameters<typeof createServer>[1] {
  return (request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': STRICT_POLICY })
      response.end(CODE_PAGE)
    } else if (request.url === '/app.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script)
    } else {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    }
  }
}

function acceptWebSockets(server: Server, sockets: Set<Duplex>): void {
  server.on('upgrade', (request, socket) => {
    const accept = createHash('sha1')
      .update(`${request.headers['sec-websocket-key'] ?? ''}${HANDSHAKE_GUID}`)
      .digest('base64')
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    )
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => sockets.delete(socket))
    socket.resume()
  })
}

/**
 * Serves `CODE_PAGE` (under `STRICT_POLICY`, whose `connect-src 'self'` takes the app's own
 * WebSockets) with `script` as its `/app.js`, answers other paths with `{}`, and accepts a
 * WebSocket on any path.
 */
export async function startSocketApp(script: string): Promise<SocketApp> {
  const sockets = new Set<Duplex>()
  const server = createServer(answer(script))
  acceptWebSockets(server, sockets)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
