import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import * as z from 'zod/mini'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import { PasskeyAttestation } from '../wire/passkeyAssertion.js'

/** Options of `createPasskeyRegistrationOptions`. */
export interface PasskeyRegistrationConfig {
  /** The name browsers show for your site, e.g. `'Acme Wallet'`. */
  rpName: string
  /** The relying-party id the service checks passkeys against, e.g. `'wallet.example'`. */
  rpId: string
  /** Origins the registration ceremony may run on, e.g. `['https://wallet.example']`. */
  origins: string[]
  /** How long a challenge stays usable, in ms. Default 5 minutes (also the browser's timeout). */
  ttlMs?: number
  /** Clock. Default `Date.now`. */
  now?: () => number
  /** Default `'preferred'`; `'required'` also makes `check` require the UV flag. */
  userVerification?: 'required' | 'preferred' | 'discouraged'
  /** COSE algorithms to offer. Default ES256 and RS256, which passkey providers and the service support. */
  supportedAlgorithmIDs?: number[]
  /** Most challenges kept at once; the oldest are dropped beyond it. Default 10,000. */
  maxPending?: number
}

/** Whom a registration challenge is for. */
export interface PasskeyRegistrationUser {
  /** Account name shown by the passkey manager, e.g. the email. */
  name: string
  /** Stable opaque user handle (never an email or other personal data). Default: random. */
  id?: string
  /** Display name. Default `name`. */
  displayName?: string
  /** base64url WebAuthn ids of the passkeys the account already has, so the device does not register twice. */
  excludeCredentialIds?: string[]
  /** When set, `check` accepts the challenge only in a body whose `accountId` is this one. */
  accountId?: string
}

/** Why `check` refused a registration (the `reason` of its `INVALID_REGISTRATION` error). */
export type PasskeyRegistrationRefusal =
  | 'MALFORMED_BODY'
  | 'UNKNOWN_CHALLENGE'
  | 'CHALLENGE_EXPIRED'
  | 'ACCOUNT_MISMATCH'
  | 'ATTESTATION_INVALID'

/** A registration `check` accepted. */
export interface PasskeyRegistrationCheck {
  /** The challenge the body answered. */
  challenge: string
  /** Whom `options` issued it for. */
  user: PasskeyRegistrationUser
  /** base64url WebAuthn credential id of the new passkey. */
  credentialId: string
  /** Whether the authenticator verified the user (PIN, biometrics). */
  userVerified: boolean
}

/** What `createPasskeyRegistrationOptions` returns: issue challenges, then check the answers. */
export interface PasskeyRegistrationChallenges {
  /** Registration options for `passkeyRegistration({ optionsJSON })`, with a fresh single-use challenge. */
  options(user: PasskeyRegistrationUser): Promise<PublicKeyCredentialCreationOptionsJSON>
  /**
   * Checks a `POST /auth/credentials` PASSKEY body (top-level `challenge`, `attestation`): the
   * challenge was issued here, is unused and unexpired, and the attestation verifies against it
   * (origin, RP id, user presence). Consumes the challenge unless `consume` is `false`. Throws
   * `WalletAuthError` `INVALID_REGISTRATION` with a `PasskeyRegistrationRefusal` as `reason`.
   */
  check(body: unknown, options?: { consume?: boolean }): Promise<PasskeyRegistrationCheck>
  /** Uses up `challenge` (after the service registered the passkey); `false` if it was not live. */
  consume(challenge: string): boolean
}

const RegistrationBody = z.looseObject({
  type: z.literal('PASSKEY'),
  accountId: z.optional(z.string()),
  challenge: z.string().check(z.minLength(1)),
  attestation: PasskeyAttestation,
})

const User = z.object({
  name: z.string().check(z.minLength(1)),
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  displayName: z.optional(z.string()),
  excludeCredentialIds: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)))),
  accountId: z.optional(z.string().check(z.minLength(1))),
})

// ES256 and RS256: what platform authenticators produce and what the service verifies.
const DEFAULT_ALGORITHMS = [-7, -257]

function refuse(reason: PasskeyRegistrationRefusal, message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('INVALID_REGISTRATION', message, { reason, status: 400, cause })
}

/**
 * The integrator backend's half of adding a passkey (the service leaves the registration challenge
 * to the integrator): `options(user)` issues WebAuthn registration options with
 * `@simplewebauthn/server` and remembers the challenge, single-use, until it expires; `check(body)`
 * verifies the browser's attestation against it. Pass the result to `createRelay` as
 * `passkeyRegistration` and every PASSKEY `POST /auth/credentials` is checked before it is forwarded.
 * Challenges live in this process's memory: with several backend instances, route a user's
 * registration to one of them (or check on the instance that issued).
 *
 * @example
 * ```ts
 * const passkeys = createPasskeyRegistrationOptions({
 *   rpName: 'Acme Wallet',
 *   rpId: 'wallet.example',
 *   origins: ['https://wallet.example'],
 * })
 * app.post('/passkeys/options', async (req, res) => {
 *   const user = await currentUser(req)
 *   res.json(await passkeys.options({ id: user.id, name: user.email, accountId: user.walletAccountId }))
 * })
 * const relay = createRelay({ ...relayOptions, passkeyRegistration: passkeys })
 * ```
 */
export function createPasskeyRegistrationOptions(
  config: PasskeyRegistrationConfig,
): PasskeyRegistrationChallenges {
  const {
    rpName,
    rpId,
    origins,
    ttlMs = 5 * 60_000,
    now = Date.now,
    userVerification = 'preferred',
    supportedAlgorithmIDs = DEFAULT_ALGORITHMS,
    maxPending = 10_000,
  } = config
  if (typeof rpName !== 'string' || typeof rpId !== 'string' || !rpName || !rpId) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'createPasskeyRegistrationOptions needs rpName and rpId.')
  }
  if (!Array.isArray(origins) || origins.length === 0 || !(ttlMs > 0)) {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'createPasskeyRegistrationOptions needs origins and a positive ttlMs.',
    )
  }
  const pending = new Map<string, { user: PasskeyRegistrationUser; expiresAt: number }>()

  const sweep = () => {
    const time = now()
    for (const [challenge, entry] of pending) if (entry.expiresAt <= time) pending.delete(challenge)
    // Insertion order is issue order: drop the oldest beyond the bound.
    for (const challenge of pending.keys()) {
      if (pending.size < maxPending) break
      pending.delete(challenge)
    }
  }

  return {
    async options(user) {
      const parsed = User.safeParse(user)
      if (!parsed.success) {
        throw new WalletAuthError(
          'INVALID_ARGUMENT',
          'options() needs { name } and well-formed optional fields.',
          {
            cause: parsed.error,
          },
        )
      }
      const { name, id, displayName, excludeCredentialIds = [] } = parsed.data
      const optionsJSON = await generateRegistrationOptions({
        rpName,
        rpID: rpId,
        userName: name,
        userID: id === undefined ? undefined : utf8(id),
        userDisplayName: displayName ?? name,
        timeout: ttlMs,
        attestationType: 'none',
        excludeCredentials: excludeCredentialIds.map((credentialId) => ({ id: credentialId })),
        authenticatorSelection: { residentKey: 'preferred', userVerification },
        supportedAlgorithmIDs,
      })
      sweep()
      pending.set(optionsJSON.challenge, { user: parsed.data, expiresAt: now() + ttlMs })
      return optionsJSON
    },

    async check(body, { consume = true } = {}) {
      const parsed = RegistrationBody.safeParse(body)
      if (!parsed.success) {
        throw refuse(
          'MALFORMED_BODY',
          'The body is not a PASSKEY registration with challenge and attestation.',
        )
      }
      const { challenge, attestation, accountId } = parsed.data
      const entry = pending.get(challenge)
      if (!entry)
        throw refuse('UNKNOWN_CHALLENGE', 'This challenge was not issued here, or was already used.')
      if (entry.expiresAt <= now()) {
        pending.delete(challenge)
        throw refuse('CHALLENGE_EXPIRED', 'The registration challenge expired; ask for new options.')
      }
      if (entry.user.accountId !== undefined && entry.user.accountId !== accountId) {
        throw refuse('ACCOUNT_MISMATCH', 'The challenge was issued for another account.')
      }
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
      try {
        verification = await verifyRegistrationResponse({
          response: {
            id: attestation.credentialId,
            rawId: attestation.credentialId,
            type: 'public-key',
            response: {
              clientDataJSON: attestation.clientDataJson,
              attestationObject: attestation.attestationObject,
              transports: attestation.transports as never,
            },
            clientExtensionResults: {},
          },
          expectedChallenge: challenge,
          expectedOrigin: origins,
          expectedRPID: rpId,
          requireUserVerification: userVerification === 'required',
          supportedAlgorithmIDs,
        })
      } catch (cause) {
        throw refuse('ATTESTATION_INVALID', 'The passkey attestation does not verify.', cause)
      }
      if (!verification.verified)
        throw refuse('ATTESTATION_INVALID', 'The passkey attestation does not verify.')
      // Checked again after the await: of two concurrent checks, only one consumes.
      if (consume && !pending.delete(challenge)) {
        throw refuse('UNKNOWN_CHALLENGE', 'This challenge was already used.')
      }
      return {
        challenge,
        user: entry.user,
        credentialId: verification.registrationInfo.credential.id,
        userVerified: verification.registrationInfo.userVerified,
      }
    },

    consume(challenge) {
      const entry = pending.get(challenge)
      pending.delete(challenge)
      return entry !== undefined && entry.expiresAt > now()
    },
  }
}
