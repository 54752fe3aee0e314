/**
 * The entry under which the relay's ownership store keeps that `publicKey` is the signing key of a
 * session, scoped by that session's id: `add(sessionId, [sessionKeyId(publicKey)])`. Whether the
 * session is still live is the service's to say (its session list), never this entry's.
 *
 * @example
 * ```ts
 * await known.add('Session:1', [sessionKeyId('02ab…')])
 * ```
 */
export function sessionKeyId(publicKey: string): string {
  return `SessionKey:${publicKey.toLowerCase()}`
}
