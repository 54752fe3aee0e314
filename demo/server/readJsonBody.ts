import type { IncomingMessage } from 'node:http'
import type * as z from 'zod/mini'
import { DemoError } from './demoError.js'

/** Largest body the demo routes read. */
export const MAX_BODY_BYTES = 16 * 1024

function tooLarge(limit: number): DemoError {
  return new DemoError(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${limit} bytes.`)
}

/**
 * The body's bytes as received, at most `limit` (413 `PAYLOAD_TOO_LARGE` beyond). Not a for-await
 * loop: leaving it early would destroy the socket the 413 is written to.
 */
export function readBytes(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  if (Number(req.headers['content-length']) > limit) {
    req.resume()
    return Promise.reject(tooLarge(limit))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      stop()
      req.resume()
      reject(tooLarge(limit))
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })
}

function describeIssues(issues: z.core.$ZodIssue[]): string {
  const paths = [...new Set(issues.map((issue) => issue.path.map(String).join('.') || 'the body'))]
  return `The request body is not valid: check ${paths.join(', ')}.`
}

/**
 * Reads a JSON body of at most `MAX_BODY_BYTES` (413 `PAYLOAD_TOO_LARGE` beyond) and validates it
 * with `schema`; an empty body reads as `{}`. Malformed JSON or a body that does not fit is 400
 * `INVALID_INPUT`. `__proto__` keys are dropped.
 */
export async function readJsonBody<T extends z.ZodMiniType>(
  req: IncomingMessage,
  schema: T,
): Promise<z.infer<T>> {
  const bytes = await readBytes(req)
  let json: unknown = {}
  if (bytes.length > 0) {
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes), (key, value) =>
        key === '__proto__' ? undefined : value,
      )
    } catch {
      throw new DemoError(400, 'INVALID_INPUT', 'The request body is not valid JSON.')
    }
  }
  const result = schema.safeParse(json)
  if (!result.success) throw new DemoError(400, 'INVALID_INPUT', describeIssues(result.error.issues))
  return result.data
}
