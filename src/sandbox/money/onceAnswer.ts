/**
 * An answer of a request that takes an `Idempotency-Key`, as the money state remembers it (in a
 * file of its own: the sandbox's public types must not name its web framework's).
 */
export interface OnceAnswer {
  status: 200 | 201 | 202
  body: Record<string, unknown>
}
