import type { Socket } from 'node:net'

// Node's parser codes for what it refuses before the app sees a request, and the status of each.
const STATUS_OF: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADERS_TIMEOUT: [408, 'Request Timeout'],
}

/**
 * Answers a request Node's HTTP parser refused (an unknown method, a malformed request line or
 * header, headers over the size limit) with the spec's Error object, as the app answers every
 * other failure, instead of Node's bare `400` without a body; then closes the connection.
 *
 * @example
 * ```ts
 * server.on('clientError', answerClientError)
 * ```
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Nothing can be written on a connection the client reset or already ended.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, text] = STATUS_OF[error.code ?? ''] ?? [400, 'Bad Request']
  const body = JSON.stringify({
    status,
    code: status === 400 ? 'INVALID_INPUT' : status === 431 ? 'HEADERS_TOO_LARGE' : 'REQUEST_TIMEOUT',
    message: 'The HTTP request could not be read.',
    details: { parserError: error.code ?? 'unknown' },
  })
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
