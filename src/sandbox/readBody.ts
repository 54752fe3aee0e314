import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { requestBytes } from './bodyLimit.js'
import { invalidInput } from './sandboxError.js'
import { sha256Hex } from './sha256.js'

/** A request body as the sandbox needs it: the exact bytes (for digests) and the parsed value. */
export interface RequestBody<T> {
  bytes: Uint8Array
  /** Lowercase hex SHA-256 of the bytes: what a signed-retry payload binds. */
  digest: string
  value: T
}

function describe(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
}

/**
 * Reads and validates a JSON body (an empty body reads as `{}`). Malformed JSON or a body that
 * does not fit `schema` is 400 `INVALID_INPUT`, with the failing paths in `details`.
 *
 * @example
 * ```ts
 * const { value, digest } = await readBody(c, z.looseObject({ clientPublicKey: z.string() }))
 * ```
 */
export async function readBody<T extends z.ZodMiniType>(
  c: Context,
  schema: T,
): Promise<RequestBody<z.infer<T>>> {
  const bytes = await requestBytes(c)
  const digest = sha256Hex(bytes)
  let json: unknown = {}
  if (bytes.length > 0) {
    try {
      // `__proto__` keys are dropped: merged into a record later, they would replace its prototype.
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes), (key, value) =>
        key === '__proto__' ? undefined : value,
      )
    } catch {
      throw invalidInput('The request body is not valid JSON.')
    }
  }
  const result = schema.safeParse(json)
  if (!result.success) {
    throw invalidInput('The request body is not valid.', { issues: describe(result.error.issues) })
  }
  return { bytes, digest, value: result.data }
}
