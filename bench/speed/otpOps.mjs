// OTP encryption under a signed target bundle: our encryptOtp next to the peer's
// encryptOtpCodeToBundle, on the same test-vector bundle, both verifying its signature first.
import { encryptOtpCodeToBundle } from '@turnkey/crypto'
import { hexToBytes } from '../../src/crypto/hexToBytes.ts'
import { hpkeOpen } from '../../src/crypto/hpke.ts'
import { generateSessionKey } from '../../src/keys/index.ts'
import { encryptOtp } from '../../src/otp/index.ts'
import targetBundles from '../../test/vectors/target-bundle.json' with { type: 'json' }
import { recipientKeyPair } from './recipientKeyPair.mjs'

const OTP_CODE = '123456'
const byName = (name) => targetBundles.cases.find((c) => c.name === name)

function expect(condition, message) {
  if (!condition) throw new Error(`OTP bench: ${message}`)
}

async function rejects(call) {
  try {
    await call()
    return false
  } catch {
    return true
  }
}

/**
 * Both encryptions of one code for one TEK under the `valid` target-bundle vector, each trusting
 * the vector's signer (ours: `trustedSigners`; the peer: `dangerouslyOverrideSignerPublicKey`).
 * Before timing, both outputs are opened with the vector's target key, and both are shown to
 * refuse a bundle whose signature is wrong: what is timed includes the signature check.
 */
export async function otpOps() {
  const vector = byName('valid')
  const tek = await generateSessionKey()
  const signer = vector.enclaveQuorumPublic
  const ours = (bundle = vector.bundle, trusted = signer) =>
    encryptOtp({
      otpCode: OTP_CODE,
      targetBundle: bundle,
      publicKey: tek.publicKey,
      trustedSigners: [trusted],
    })
  const peer = (bundle = vector.bundle, trusted = signer) =>
    encryptOtpCodeToBundle(OTP_CODE, bundle, tek.publicKey, trusted)

  const target = await recipientKeyPair(vector.targetPrivateKeyHex, vector.targetPublic)
  const expected = JSON.stringify({ otp_code: OTP_CODE, public_key: tek.publicKey })
  for (const [name, encrypt] of Object.entries({ ours, peer })) {
    const { encappedPublic, ciphertext } = JSON.parse(await encrypt())
    const plaintext = await hpkeOpen({
      recipient: target,
      enc: hexToBytes(encappedPublic),
      ciphertext: hexToBytes(ciphertext),
    })
    expect(new TextDecoder().decode(plaintext) === expected, `${name}'s bundle does not open to the code`)
  }
  const forged = byName('invalid-signature-over-hex-text')
  const checks = {
    vector: `test/vectors/target-bundle.json "${vector.name}"`,
    signer,
    bothOpenToTheCode: true,
    oursRefusesBadSignature: await rejects(() => ours(forged.bundle, forged.enclaveQuorumPublic)),
    peerRefusesBadSignature: await rejects(() => peer(forged.bundle, forged.enclaveQuorumPublic)),
    peerRefusesUntrustedSigner: await rejects(() =>
      encryptOtpCodeToBundle(OTP_CODE, vector.bundle, tek.publicKey),
    ),
  }
  expect(checks.oursRefusesBadSignature && checks.peerRefusesBadSignature, 'a forged bundle was accepted')
  return { ops: { encryptOtp: () => ours(), peerEncryptOtpCodeToBundle: () => peer() }, checks }
}
