// The options' type from the browser library (a dependency): the server one is bundled, and a type
// naming it in the public declarations would need a package the app does not install.
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import * as z from 'zod/mini'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import { PasskeyAttestation } from '../wire/passkeyAssertion.js'
import type { ChallengeStore } from './challengeStore.js'
import { createMemoryChallengeStore } from './createMemoryChallengeStore.js'

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
  /** Most challenges the default memory store keeps at once; the oldest are dropped beyond it. Default 10,000. */
  maxPending?: number
  /**
   * Where issued challenges wait for their answer. Default: this process's memory
   * (`createMemoryChallengeStore`). With several backend instances, a store they share, such as
   * `createRedisChallengeStore`.
   */
  store?: ChallengeStore
  /**
   * The base64url WebAuthn ids of the passkeys `accountId` already has, e.g. the `credentialId` of
   * the PASSKEY entries of `GET /auth/credentials?accountId=…` called with the platform credentials.
   * When given, `options(user)` with an `accountId` puts them in `excludeCredentials` (beside any
   * `excludeCredentialIds`), so a device that holds one already refuses to make a second one for
   * the account (the browser answers `InvalidStateError`, `PASSKEY_ALREADY_REGISTERED`). A failure
   * of the lookup fails `options`.
   */
  existingPasskeys?: (accountId: string) => Promise<readonly string[]>
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
  /** When the challenge stops being usable (ms since the epoch). */
  expiresAt: number
}

/** What `createPasskeyRegistrationOptions` returns: issue challenges, then check the answers. */
export interface PasskeyRegistrationChallenges {
  /** Registration options for `passkeyRegistration({ optionsJSON })`, with a fresh single-use challenge. */
  options(user: PasskeyRegistrationUser): Promise<PublicKeyCredentialCreationOptionsJSON>
  /**
   * Checks a `POST /auth/credentials` PASSKEY body (top-level `challenge`, `attestation`): the
   * challenge was issued here, is unused and unexpired, and the attestation verifies against it
   * (origin, RP id, user presence). Consumes the challenge unless `consume` is `false`. Throws
   * `WalletAuthError` `INVALID_REGISTRATION` with a `PasskeyRegistrationRefusal` as `reason`, or
   * `CHALLENGE_STORE_UNAVAILABLE` when the store fails. The challenge is taken from the store for
   * the check (and put back after a refusal or with `consume: false`): a check running at the same
   * time on any instance finds it gone.
   */
  check(body: unknown, options?: { consume?: boolean }): Promise<PasskeyRegistrationCheck>
  /** Uses up `challenge` (after the service registered the passkey); `false` if it was not live. */
  consume(challenge: string): Promise<boolean>
  /**
   * Gives back a challenge `check` consumed, for the rest of its life, when it was not used after
   * all (the service asked for a signed retry, refused, or could not be reached).
   */
  release(checked: PasskeyRegistrationCheck): Promise<void>
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

// Stored this long past expiry, so a late answer is told its challenge expired, not that it is unknown.
const EXPIRED_GRACE_MS = 60_000

const StoredEntry = z.object({ user: User, expiresAt: z.number() })
type StoredEntry = z.infer<typeof StoredEntry>

function refuse(reason: PasskeyRegistrationRefusal, message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('INVALID_REGISTRATION', message, { reason, status: 400, cause })
}

/**
 * The integrator backend's half of adding a passkey (the service leaves the registration challenge
 * to the integrator): `options(user)` issues WebAuthn registration options with
 * `@simplewebauthn/server` and remembers the challenge, single-use, until it expires; `check(body)`
 * verifies the browser's attestation against it. Pass the result to `createRelay` as
 * `passkeyRegistration` and every PASSKEY `POST /auth/credentials` is checked before it is forwarded.
 * Challenges live in `store`: this process's memory by default; with several backend instances,
 * a store they share (`createRedisChallengeStore`), so any instance checks what another issued.
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
  const store = config.store ?? createMemoryChallengeStore({ maxEntries: maxPending, now })
  if (typeof store.put !== 'function' || typeof store.take !== 'function') {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'createPasskeyRegistrationOptions: store needs put and take.',
    )
  }

  const inStore = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step()
    } catch (cause) {
      if (cause instanceof WalletAuthError && cause.code === 'CHALLENGE_STORE_UNAVAILABLE') throw cause
      throw new WalletAuthError('CHALLENGE_STORE_UNAVAILABLE', 'The passkey challenge store failed.', {
        status: 503,
        cause,
      })
    }
  }
  const put = (challenge: string, entry: StoredEntry) => {
    const ttl = entry.expiresAt - now()
    if (ttl <= 0) return Promise.resolve()
    return inStore(() => store.put(challenge, JSON.stringify(entry), ttl + EXPIRED_GRACE_MS))
  }
  const take = async (challenge: string): Promise<StoredEntry | undefined> => {
    const value = await inStore(() => store.take(challenge))
    if (value === undefined) return undefined
    let parsed: ReturnType<typeof StoredEntry.safeParse>
    try {
      parsed = StoredEntry.safeParse(JSON.parse(value))
    } catch {
      return undefined
    }
    return parsed.success ? parsed.data : undefined
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
      const { name, id, displayName, accountId, excludeCredentialIds = [] } = parsed.data
      const existing =
        accountId !== undefined && config.existingPasskeys ? await config.existingPasskeys(accountId) : []
      const excluded = [...new Set([...excludeCredentialIds, ...existing])]
      const optionsJSON = await generateRegistrationOptions({
        rpName,
        rpID: rpId,
        userName: name,
        userID: id === undefined ? undefined : utf8(id),
        userDisplayName: displayName ?? name,
        timeout: ttlMs,
        attestationType: 'none',
        excludeCredentials: excluded.map((credentialId) => ({ id: credentialId })),
        authenticatorSelection: { residentKey: 'preferred', userVerification },
        supportedAlgorithmIDs,
      })
      await put(optionsJSON.challenge, { user: parsed.data, expiresAt: now() + ttlMs })
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
      // Taken, not read: of two checks racing on any instances, only one holds the challenge.
      const entry = await take(challenge)
      if (!entry)
        throw refuse('UNKNOWN_CHALLENGE', 'This challenge was not issued here, or was already used.')
      if (entry.expiresAt <= now()) {
        throw refuse('CHALLENGE_EXPIRED', 'The registration challenge expired; ask for new options.')
      }
      if (entry.user.accountId !== undefined && entry.user.accountId !== accountId) {
        await put(challenge, entry)
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
        await put(challenge, entry)
        throw refuse('ATTESTATION_INVALID', 'The passkey attestation does not verify.', cause)
      }
      if (!verification.verified) {
        await put(challenge, entry)
        throw refuse('ATTESTATION_INVALID', 'The passkey attestation does not verify.')
      }
      if (!consume) await put(challenge, entry)
      return {
        challenge,
        user: entry.user,
        credentialId: verification.registrationInfo.credential.id,
        userVerified: verification.registrationInfo.userVerified,
        expiresAt: entry.expiresAt,
      }
    },

    async consume(challenge) {
      const entry = await take(challenge)
      return entry !== undefined && entry.expiresAt > now()
    },

    async release({ challenge, user, expiresAt }) {
      await put(challenge, { user, expiresAt })
    },
  }
}
