import * as z from 'zod/mini'
import { base64UrlToBytes } from '../crypto/base64UrlToBytes.js'
import { parseStamp } from '../stamp/parseStamp.js'
import type { ChallengeStore } from './challengeStore.js'
import type { OwnershipStore } from './ownershipStore.js'
import { ID_PATTERN } from './relayRoutes.js'
import type { RelayTarget } from './relayTarget.js'
import { sessionKeyId } from './sessionKeyId.js'

/** A forwarded request that may open a session, with the service's answer. */
export interface SessionAnswer {
  target: RelayTarget
  status: number
  payload: Uint8Array
  /** The request's wallet-signature header, if any. */
  stamp: string | null
  /** Where session keys are kept, by session id; never rejects. */
  known: OwnershipStore
  /** Where a passkey sign-in's challenge waits for its verification (the key it binds). */
  challenges: ChallengeStore
  /** How long a passkey sign-in's challenge is remembered. */
  challengeTtlMs: number
  onError: (error: unknown) => void
}

// A client-held key (wire-formats section 2); a sealed session's key is the service's, unseen here.
const CompressedKey = z.string().check(z.regex(/^0[23][0-9a-fA-F]{64}$/))
const Id = z.string().check(z.regex(ID_PATTERN))
const AuthSession = z.looseObject({ id: Id, accountId: Id })
const PasskeyChallenge = z.looseObject({ challenge: z.string().check(z.regex(/^[0-9a-f]{1,256}$/)) })
const ClientData = z.looseObject({ challenge: z.string() })
const Verify = z.looseObject({
  type: z.string(),
  clientPublicKey: z.optional(z.unknown()),
  assertion: z.optional(z.looseObject({ clientDataJson: z.string() })),
})

const CHALLENGE_PREFIX = 'session-challenge:'

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
}

const compressed = (value: unknown) => {
  const parsed = CompressedKey.safeParse(value)
  return parsed.success ? parsed.data.toLowerCase() : undefined
}

/** The hex challenge a passkey assertion signed: its clientData's `challenge` is b64url(UTF-8(hex)). */
function assertedChallenge(clientDataJson: string): string | undefined {
  try {
    const clientData = ClientData.safeParse(parseJson(base64UrlToBytes(clientDataJson)))
    if (!clientData.success) return undefined
    return new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(clientData.data.challenge))
  } catch {
    return undefined
  }
}

/**
 * Learns, from a sign-in or refresh the service answered with a session, which public key signs for
 * that session, so the relay can later tell a live session key of a customer (`isLiveSessionKey`).
 * The key is the one the answered request bound: an OAuth verification's or a refresh's compressed
 * `clientPublicKey`, the stamp of an OTP verification's signed retry (its key is the new session's),
 * or for a passkey the `clientPublicKey` its challenge was issued for (remembered here from the
 * challenge's answer, found again by the challenge the assertion signed). Sealed sessions (an
 * uncompressed `clientPublicKey`) teach nothing: the service made their key. Failures cost only
 * what would have been learned.
 *
 * @example
 * ```ts
 * await learnSessionKey({ target, status, payload, stamp, known, challenges, challengeTtlMs, onError })
 * ```
 */
export async function learnSessionKey(answer: SessionAnswer): Promise<void> {
  const { target, status, payload, known, challenges, onError } = answer
  const { operation } = target
  const body = target.body
  try {
    if (operation === 'POST /auth/credentials/{credentialId}/challenge') {
      const key = compressed((body as { clientPublicKey?: unknown } | undefined)?.clientPublicKey)
      const issued = PasskeyChallenge.safeParse(parseJson(payload))
      if (status !== 200 || key === undefined || !issued.success) return
      await challenges.put(`${CHALLENGE_PREFIX}${issued.data.challenge}`, key, answer.challengeTtlMs)
      return
    }
    const refresh = operation === 'POST /auth/sessions/{sessionId}/refresh'
    if (!refresh && operation !== 'POST /auth/credentials/{credentialId}/verify') return
    const session = AuthSession.safeParse(parseJson(payload))
    const request = Verify.safeParse(refresh ? { type: 'REFRESH', ...(body as object) } : body)
    if ((status !== 200 && status !== 201) || !session.success || !request.success) return
    let key: string | undefined
    const { type, clientPublicKey, assertion } = request.data
    if (type === 'REFRESH' || type === 'OAUTH') key = compressed(clientPublicKey)
    else if ((type === 'EMAIL_OTP' || type === 'SMS_OTP') && answer.stamp !== null) {
      key = compressed(parseStamp(answer.stamp).publicKey)
    } else if (type === 'PASSKEY' && assertion) {
      const challenge = assertedChallenge(assertion.clientDataJson)
      if (challenge !== undefined) key = compressed(await challenges.take(`${CHALLENGE_PREFIX}${challenge}`))
    }
    if (key !== undefined) await known.add(session.data.id, [sessionKeyId(key)])
  } catch (error) {
    onError(error)
  }
}
