import type { Context } from 'hono'
import { bytesToBase64Url } from '../crypto/bytesToBase64Url.js'
import { bytesToHex } from '../crypto/bytesToHex.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { hpkeOpen } from '../crypto/hpke.js'
import { compressPublicKey } from '../crypto/p256.js'
import { utf8 } from '../crypto/utf8.js'
import { EncryptedOtpBundle, OtpPlaintext } from '../wire/enclaveBundles.js'
import { parseWire, parseWireJson } from '../wire/parseWire.js'
import { iso, type SandboxContext, walletUserId } from './context.js'
import type { RequestBody } from './readBody.js'
import { invalidInput, unauthorized } from './sandboxError.js'
import { SANDBOX_OTP_CODE } from './sandboxOtpCode.js'
import { openSession } from './sessions.js'
import { acceptRetry, isRetry, issueChallenge } from './signedRetry.js'
import type { CredentialRecord, OtpIssuance } from './store.js'
import { verifyKey } from './verifyKey.js'

/**
 * Issues an OTP for a credential: a fresh enclave target key (the previous issuance stops
 * opening), the "delivery" logged, and the signed target bundle returned.
 */
export async function issueOtp(ctx: SandboxContext, credential: CredentialRecord): Promise<string> {
  const now = ctx.clock.now()
  const target = await ctx.enclave.newTarget()
  const expiresAt = now + ctx.config.otpTtlMs
  ctx.store.otpIssuances.set(credential.id, {
    credentialId: credential.id,
    targetKeyPair: target.keyPair,
    targetPublicKey: hexToBytes(target.publicKey),
    expiresAt,
    used: false,
  })
  ctx.config.log(`sandbox: ${credential.type} code for ${credential.nickname} is ${SANDBOX_OTP_CODE}`)
  return ctx.enclave.otpTargetBundle({
    targetPublic: target.publicKey,
    organizationId: ctx.config.organizationId,
    userId: walletUserId(credential.accountId),
    expiresAt: iso(expiresAt),
  })
}

// The OTP verify payload is JWT-shaped (wire-formats section 8): it names the TEK that must sign.
function otpToken(
  ctx: SandboxContext,
  credential: CredentialRecord,
  tek: string,
  bodyDigest: string,
): string {
  const segment = (value: unknown) => bytesToBase64Url(utf8(JSON.stringify(value)))
  const now = ctx.clock.now()
  const claims = {
    iss: ctx.config.organizationId,
    sub: credential.id,
    publicKey: tek,
    bodySha256: bodyDigest,
    iat: Math.floor(now / 1000),
    exp: Math.floor((now + ctx.config.signedRetryTtlMs) / 1000),
  }
  return `${segment({ alg: 'none', typ: 'JWT' })}.${segment(claims)}.${bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`
}

/**
 * OTP `/verify`, both legs. First leg: open the bundle with the current issuance's target key,
 * check the code (a wrong one leaves the issuance for another try; the right one uses it up), and answer 202 for the TEK inside to sign. Second leg: the signed
 * retry by that TEK opens the session, the TEK as its key.
 */
export async function verifyOtp(
  ctx: SandboxContext,
  c: Context,
  credential: CredentialRecord,
  body: RequestBody<{ encryptedOtpBundle?: string | undefined }>,
): Promise<Response> {
  if (isRetry(ctx, c)) {
    const { pending } = await acceptRetry(ctx, c, { accountId: credential.accountId, body })
    // Compressed by the first leg, which put it there.
    const { tek } = pending.context as { tek: string }
    return c.json((await openSession(ctx, credential, tek, 'client-held')).body)
  }

  const issuance = unusedIssuance(ctx, credential)
  let sealed: EncryptedOtpBundle
  try {
    sealed = parseWireJson(EncryptedOtpBundle, body.value.encryptedOtpBundle, 'encryptedOtpBundle')
  } catch (error) {
    throw invalidInput(error instanceof Error ? error.message : 'encryptedOtpBundle is malformed.')
  }
  let plaintext: OtpPlaintext
  try {
    const bytes = await hpkeOpen({
      recipient: issuance.targetKeyPair,
      recipientPublicKey: issuance.targetPublicKey,
      enc: hexToBytes(sealed.encappedPublic),
      ciphertext: hexToBytes(sealed.ciphertext),
    })
    plaintext = parseWire(OtpPlaintext, JSON.parse(new TextDecoder().decode(bytes)), 'OTP plaintext')
  } catch {
    throw unauthorized('The OTP bundle does not open with the key of the current issuance')
  }
  // Checked again where it is used up: a parallel leg may have used it, or a challenge replaced it,
  // while this bundle was being opened. One code opens one session.
  if (unusedIssuance(ctx, credential) !== issuance) {
    throw unauthorized('The OTP bundle does not open with the key of the current issuance')
  }
  // A mistyped code may be typed again under the same issuance (the verify rate limit counts the
  // misses); the right one uses the issuance up.
  if (plaintext.otp_code !== SANDBOX_OTP_CODE) throw unauthorized('Invalid OTP code')
  issuance.used = true
  ctx.store.otpIssuances.delete(credential.id)
  const tek = compressedTek(plaintext.public_key)
  return issueChallenge(ctx, c, {
    accountId: credential.accountId,
    body,
    activity: 'ACTIVITY_TYPE_OTP_LOGIN',
    type: credential.type,
    signers: [tek],
    payloadToSign: otpToken(ctx, credential, tek, body.digest),
    context: { tek },
  })
}

/** The credential's current OTP issuance, unless it is used up or expired (401). */
function unusedIssuance(ctx: SandboxContext, credential: CredentialRecord): OtpIssuance {
  const issuance = ctx.store.otpIssuances.get(credential.id)
  if (!issuance || issuance.used || issuance.expiresAt <= ctx.clock.now()) {
    throw unauthorized('No unused OTP was issued for this credential: ask /challenge for a new code')
  }
  return issuance
}

/**
 * The TEK of an OTP plaintext as the session key it becomes: compressed lowercase hex, as a stamp
 * names it. Clients send it either way (the service's guide script uncompressed, its enclave
 * provider's library compressed); anything else is 400.
 */
function compressedTek(publicKey: string): string {
  const given = publicKey.toLowerCase()
  try {
    const tek = /^0[23]/.test(given) ? given : bytesToHex(compressPublicKey(hexToBytes(given, 65)))
    // Checks the point, and builds now the key the retry's stamp is checked with.
    verifyKey(tek)
    return tek
  } catch {
    throw invalidInput('public_key in the OTP bundle must be a P-256 key, compressed or uncompressed.')
  }
}
