import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { bytesToBase64Url } from '../crypto/bytesToBase64Url.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import type { PasskeyAssertion } from '../wire/passkeyAssertion.js'
import { browserHasWebAuthn } from './browserHasWebAuthn.js'
import { knownPasskeys } from './knownPasskeys.js'
import { toPasskeyError } from './toPasskeyError.js'
import { loadedWebAuthn, loadWebAuthn } from './webAuthnLibrary.js'

interface CommonOptions {
  /**
   * Origins the ceremony may run on (`passkeyAllowedOrigins` of an SCA challenge). When given,
   * the page origin must be one of them, or `PASSKEY_ORIGIN_NOT_ALLOWED` is thrown before any prompt.
   */
  allowedOrigins?: readonly string[] | null
  /** The page origin; default `location.origin`. */
  origin?: string
}

/** A sign-in challenge from `/challenge` (`PasskeyAuthChallenge`). */
export interface PasskeyChallengeOptions extends CommonOptions {
  /** The lowercase hex `challenge`; its UTF-8 bytes are the WebAuthn challenge. */
  challenge: string
  rpId?: string
  /** base64url credential ids (the credential's `credentialId`) that may answer. */
  allowCredentials?: ReadonlyArray<{ id: string; transports?: AuthenticatorTransport[] }>
  userVerification?: UserVerificationRequirement
  /** Milliseconds. */
  timeout?: number
}

/** Opaque WebAuthn request options, as an SCA challenge's `passkeyAssertionOptions` carries them. */
export interface PasskeyRequestOptions extends CommonOptions {
  optionsJSON: PublicKeyCredentialRequestOptionsJSON
}

/** Options of `passkeyAssertion`: a `/challenge` hex challenge, or opaque request options. */
export type PasskeyAssertionOptions = PasskeyChallengeOptions | PasskeyRequestOptions

/**
 * The page origin, checked against `allowedOrigins` when they are given.
 *
 * @example
 * ```ts
 * const origin = checkedOrigin({ allowedOrigins: scaChallenge.passkeyAllowedOrigins })
 * ```
 */
export function checkedOrigin(options: CommonOptions): string {
  const origin = options.origin ?? globalThis.location?.origin ?? ''
  if (options.allowedOrigins && !options.allowedOrigins.includes(origin)) {
    throw new WalletAuthError(
      'PASSKEY_ORIGIN_NOT_ALLOWED',
      `This page (${origin || 'unknown origin'}) is not an allowed origin for this passkey challenge.`,
    )
  }
  return origin
}

function requestOptions(options: PasskeyAssertionOptions): PublicKeyCredentialRequestOptionsJSON {
  if ('optionsJSON' in options) return options.optionsJSON
  if (typeof options.challenge !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(options.challenge)) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'challenge must be the lowercase hex from /challenge.')
  }
  const json: PublicKeyCredentialRequestOptionsJSON = {
    // The service's challenge is the hex text itself: its UTF-8 bytes go to the authenticator.
    challenge: bytesToBase64Url(utf8(options.challenge)),
    userVerification: options.userVerification ?? 'preferred',
  }
  if (options.rpId !== undefined) json.rpId = options.rpId
  if (options.timeout !== undefined) json.timeout = options.timeout
  if (options.allowCredentials) {
    json.allowCredentials = options.allowCredentials.map(({ id, transports }) => ({
      id,
      type: 'public-key',
      ...(transports ? { transports } : {}),
    }))
  }
  return json
}

/**
 * `NotAllowedError` covers a closed dialog, a timeout and "no passkey here matched" alike (on
 * purpose: a page must not probe for credentials). This browser's own record (`knownPasskeys`)
 * narrows it: when the ceremony named its credentials and none of them was registered or used in
 * this browser, the passkey is most likely on another device (`PASSKEY_NOT_ON_DEVICE`); otherwise,
 * or when the record cannot be read, the user stepped back (`PASSKEY_CANCELLED`). A heuristic: a
 * synced passkey this page never saw, or cleared site data, reads as "not on this device".
 */
function notAllowedMeaning(error: WalletAuthError, allowed: readonly string[]): WalletAuthError {
  if (error.code !== 'PASSKEY_CANCELLED' || allowed.length === 0 || !knownPasskeys.available()) return error
  if (allowed.some((id) => knownPasskeys.has(id))) return error
  return new WalletAuthError(
    'PASSKEY_NOT_ON_DEVICE',
    'No passkey for this account was seen in this browser.',
    {
      cause: error.cause ?? error,
    },
  )
}

/**
 * Runs a WebAuthn assertion for a passkey challenge and returns the assertion as the service
 * takes it (`clientDataJson` spelling). Every failure is a `WalletAuthError` with a `PASSKEY_*`
 * code. Browsers report a closed dialog, a timeout and "no matching passkey here" alike; this
 * browser's record of the passkeys it registered or used (`knownPasskeys`) tells them apart as far
 * as it can: `PASSKEY_NOT_ON_DEVICE` when none of `allowCredentials` was ever seen here (say so,
 * offer another method), else `PASSKEY_CANCELLED` (go back to the button quietly). It is a
 * heuristic: a synced passkey never used in this browser, or cleared site data, reads as "not on
 * this device". No network request and no other `await` comes before `navigator.credentials.get`,
 * so a call made synchronously from a click handler keeps the user's gesture (iOS Safari needs it).
 *
 * @example
 * ```ts
 * const { challenge, requestId } = await post(`/auth/credentials/${id}/challenge`, { clientPublicKey })
 * const assertion = await passkeyAssertion({ challenge, allowCredentials: [{ id: credential.credentialId }] })
 * await post(`/auth/credentials/${id}/verify`, { type: 'PASSKEY', assertion }, { 'Request-Id': requestId })
 * ```
 */
export async function passkeyAssertion(options: PasskeyAssertionOptions): Promise<PasskeyAssertion> {
  checkedOrigin(options)
  const optionsJSON = requestOptions(options)
  if (!browserHasWebAuthn()) {
    throw new WalletAuthError('PASSKEY_NOT_SUPPORTED', 'This browser does not support passkeys.')
  }
  try {
    // Loaded ahead (a prepared sign-in) nothing is awaited here, within the person's click.
    const { startAuthentication } = loadedWebAuthn() ?? (await loadWebAuthn())
    const { id, response } = await startAuthentication({ optionsJSON })
    knownPasskeys.remember(id)
    const assertion: PasskeyAssertion = {
      credentialId: id,
      clientDataJson: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
    }
    if (response.userHandle) assertion.userHandle = response.userHandle
    return assertion
  } catch (error) {
    const allowed = (optionsJSON.allowCredentials ?? []).map((credential) => credential.id)
    throw notAllowedMeaning(toPasskeyError(error), allowed)
  }
}
