/** One message a page sent on a WebSocket, read when it was sent. */
export interface SentFrame {
  /** The WebSocket's URL. */
  webSocket: string
  /** A text frame as it is; a binary one as Latin-1 (a character a byte). */
  payload: string
}

/**
 * The message of a `framesent` event of Playwright's `WebSocket` at `url`, as the guard reads it.
 *
 * @example
 * ```ts
 * page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => sent.push(sentFrame(ws.url(), payload))))
 * ```
 */
export function sentFrame(url: string, payload: string | Buffer): SentFrame {
  return { webSocket: url, payload: typeof payload === 'string' ? payload : payload.toString('latin1') }
}
