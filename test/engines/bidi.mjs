// A WebDriver BiDi connection to a session Marionette opened with `webSocketUrl: true`: commands
// `{ id, method, params }` over a WebSocket, answered `{ type: 'success' | 'error', id, … }`.
// Node 20 has no WebSocket of its own: the `ws` Playwright bundles (playwright-core, under the
// project's playwright) stands in where the global is missing.

/** The WebSocket class: Node's own (22 and later), else the one Playwright bundles. */
async function webSocketClass() {
  if (globalThis.WebSocket) return globalThis.WebSocket
  const { ws } = await import('playwright-core/lib/utilsBundle')
  return ws
}

/**
 * Connects to a BiDi session's WebSocket; `send(method, params)` answers the command's result or
 * rejects with its error and message.
 *
 * @example
 * ```js
 * const bidi = await connectBiDi(capabilities.webSocketUrl)
 * await bidi.send('script.addPreloadScript', { functionDeclaration: '() => { window.early = true }' })
 * bidi.close()
 * ```
 * @param {string} url the session's `webSocketUrl`
 * @returns {Promise<{ send(method: string, params?: object): Promise<unknown>, close(): void }>}
 */
export async function connectBiDi(url) {
  const WebSocket = await webSocketClass()
  const socket = new WebSocket(url)
  const pending = new Map()
  let nextId = 1
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data))
    const waiting = pending.get(message.id)
    if (!waiting) return // an event: none is subscribed to
    pending.delete(message.id)
    if (message.type === 'error') waiting.reject(new Error(`${message.error}: ${message.message}`))
    else waiting.resolve(message.result)
  })
  socket.addEventListener('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('BiDi closed the connection'))
    pending.clear()
  })
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', () => reject(new Error(`Could not connect to BiDi at ${url}`)), {
      once: true,
    })
  })
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve, reject })
        socket.send(JSON.stringify({ id, method, params }))
      }),
    close: () => socket.close(),
  }
}
