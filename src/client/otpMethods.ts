import { hexToBytes } from '../crypto/hexToBytes.js'
import { WalletAuthError } from '../errors.js'
import { withWalletSignature } from '../fetch/withWalletSignature.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { generateSessionKey } from '../keys/sessionKey.js'
import { encryptOtp } from '../otp/encryptOtp.js'
import { AuthMethod } from '../wire/authMethod.js'
import { AuthSession } from '../wire/authSession.js'
import { OtpTargetData, SignedEnclaveBundle } from '../wire/enclaveBundles.js'
import { parseWire, parseWireJson } from '../wire/parseWire.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'
import { contactFirst } from './contactFirst.js'
import { otpAddIntent, otpContact } from './otpContact.js'
import { checkVerificationToken } from './verificationTokenIntent.js'

/** The organization a target bundle names (read after `encryptOtp` checked its signature). */
function bundleOrganization(targetBundle: string): string | undefined {
  try {
    const { data } = parseWireJson(SignedEnclaveBundle, targetBundle, 'Target bundle')
    const decoded = JSON.parse(new TextDecoder().decode(hexToBytes(data)))
    return parseWire(OtpTargetData, decoded, 'Target bundle data').organizationId
  } catch {
    return undefined
  }
}

/** Sending and verifying one-time codes of one credential type, and adding such a credential. */
export interface OtpMethods {
  /** Sends a code (or a new one) and keeps the target bundle for `verify`. */
  send(credentialId: string): Promise<AuthMethod>
  /**
   * Encrypts the code to the last bundle, signs the retry with the new key, stores the session.
   * For a credential just added, this activates it: the session is then the new credential's.
   */
  verify(credentialId: string, code: string): Promise<StoredSession>
  /**
   * Adds this type of credential to the account (one of each type per account), signed by the
   * current session. The service binds it to the customer's email (or phone number): `contact` is
   * that address as the user typed or confirmed it on screen, and an activity binding any other is
   * refused (`PAYLOAD_MISMATCH`) before anything is signed. The service sends a code at once; its
   * target bundle is kept, so `verify(method.id, code)` activates the credential. When the answer
   * carries no bundle, `send(method.id)` first.
   */
  add(accountId: string, options: OtpAddOptions): Promise<AuthMethod>
}

/** Options of `emailOtp.add` and `smsOtp.add`. */
export interface OtpAddOptions {
  /** The email address (or E.164 phone number) the user typed or confirmed for the credential. */
  contact: string
  /** Asked instead of the client's `confirm` before the addition is signed. */
  confirm?: ConfirmAction
  /**
   * The customer whose email (or phone number) `contact` must be: set on it first when it is not,
   * under the same one confirmation ("Sign in with codes texted to +33…") as the credential.
   */
  customerId?: string
}

/** The `emailOtp` or `smsOtp` methods of a client. */
export function createOtpMethods(ctx: ClientContext, type: 'EMAIL_OTP' | 'SMS_OTP'): OtpMethods {
  // Credential id -> the AuthMethod of its last /challenge (bundle included), kept until a code
  // verifies: a mistyped code is typed again under the same bundle, each time with a fresh TEK.
  const sent = new Map<string, AuthMethod>()
  return {
    async send(credentialId) {
      // Fetch the HPKE code (loaded lazily by encryptOtp) while the user reads the email.
      import('../crypto/hpke.js').catch(() => {})
      const method = await ctx.call(
        'POST',
        `/auth/credentials/${encodeURIComponent(credentialId)}/challenge`,
        {
          schema: AuthMethod,
        },
      )
      sent.set(credentialId, method)
      return method
    },
    async add(accountId, options) {
      const contact = otpContact(type, options?.contact)
      import('../crypto/hpke.js').catch(() => {})
      const { customerId } = options
      if (customerId !== undefined && (typeof customerId !== 'string' || customerId === '')) {
        throw new WalletAuthError('INVALID_ARGUMENT', 'The customer id must be a non-empty string.')
      }
      const confirm =
        customerId === undefined
          ? options.confirm
          : await contactFirst(ctx, {
              customerId,
              type,
              contact,
              ...(options.confirm ? { confirm: options.confirm } : {}),
            })
      const method = await ctx.call('POST', '/auth/credentials', {
        body: { type, accountId },
        schema: AuthMethod,
        // The service names the contact in the activity, not in the request: only the call knows it.
        intent: (leg) => (leg > 0 ? [] : otpAddIntent(type, contact)),
        ...(confirm ? { confirm } : {}),
      })
      if (method.otpEncryptionTargetBundle) sent.set(method.id, method)
      return method
    },
    async verify(credentialId, code) {
      const method = sent.get(credentialId)
      if (!method?.otpEncryptionTargetBundle) {
        throw new WalletAuthError(
          'OTP_NOT_SENT',
          'Send a code first (or again: a code that verified is used up).',
        )
      }
      const tek = await generateSessionKey()
      const encryptedOtpBundle = await encryptOtp({
        otpCode: code,
        targetBundle: method.otpEncryptionTargetBundle,
        publicKey: tek.publicKey,
        ...(ctx.settings.trustedSigners ? { trustedSigners: ctx.settings.trustedSigners } : {}),
      })
      // The first leg's 202 must be stamped by the TEK itself, not by a current session.
      const tekFetch = withWalletSignature(ctx.settings.fetch, {
        getKey: () => tek,
        now: ctx.serviceNow,
        expect: (payloadToSign, leg) =>
          checkVerificationToken(payloadToSign, { tekPublicKey: tek.publicKey, leg: leg.index }),
        ...(ctx.settings.headerName ? { headerName: ctx.settings.headerName } : {}),
      })
      const response = await ctx.call(
        'POST',
        `/auth/credentials/${encodeURIComponent(credentialId)}/verify`,
        {
          body: { type, encryptedOtpBundle },
          schema: AuthSession,
          fetch: tekFetch,
        },
      )
      // The issuance is used up; until now a mistyped code could be typed again under the bundle.
      sent.delete(credentialId)
      const session = await ctx.finishSignIn(response, tek, {
        credentialId,
        accountId: method.accountId,
        type,
      })
      // The enclave signed the bundle: its organization is the one this session's payloads name.
      ctx.learnOrganization(session.key.publicKey, bundleOrganization(method.otpEncryptionTargetBundle))
      return session
    },
  }
}
