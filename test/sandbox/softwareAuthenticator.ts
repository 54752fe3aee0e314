// Test-only: a WebAuthn authenticator written out by hand, for passkey flows in Node.
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import { concatBytes } from '../../src/crypto/concatBytes.js'
import { rawSignatureToDer } from '../../src/crypto/rawSignatureToDer.js'
import { utf8 } from '../../src/crypto/utf8.js'

const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))

/** How an assertion may be made wrong on purpose, to check that the sandbox notices. */
export interface AssertionTweaks {
  /** Authenticator data flags; default 0x05 (user present, user verified). */
  flags?: number
  /** Origin written into clientData. */
  origin?: string
  /** RP id whose hash starts the authenticator data. */
  rpId?: string
  /** Do not advance the signature counter (a cloned authenticator). */
  keepCounter?: boolean
  /** The page framing the ceremony (a cross-origin iframe's, like the kit's signer). */
  topOrigin?: string
}

/**
 * A minimal platform authenticator in software (P-256, "none" attestation): one credential and a
 * signature counter, so Node tests can register passkeys and assert with them for real.
 */
export async function softwareAuthenticator(rpId: string, origin: string) {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
  const rawId = crypto.getRandomValues(new Uint8Array(16))
  const credentialId = isoBase64URL.fromBuffer(rawId)
  const rpIdHash = await sha256(utf8(rpId))
  let counter = 0
  const clientData = (type: string, challenge: string) =>
    utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  const counterBytes = () =>
    new Uint8Array([counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff])

  return {
    credentialId,
    register(challenge: string) {
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33)],
      ])
      const authData = concatBytes(
        rpIdHash,
        new Uint8Array([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        new Uint8Array(16), // AAGUID
        new Uint8Array([0, rawId.length]),
        rawId,
        isoCBOR.encode(coseKey),
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      )
      return {
        credentialId,
        clientDataJson: isoBase64URL.fromBuffer(clientData('webauthn.create', challenge)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      }
    },
    async assert(challenge: string, tweaks: AssertionTweaks = {}) {
      if (!tweaks.keepCounter) counter++
      const clientDataJson = utf8(
        JSON.stringify({
          type: 'webauthn.get',
          challenge,
          origin: tweaks.origin ?? origin,
          crossOrigin: tweaks.topOrigin !== undefined,
          ...(tweaks.topOrigin === undefined ? {} : { topOrigin: tweaks.topOrigin }),
        }),
      )
      const hash = tweaks.rpId ? await sha256(utf8(tweaks.rpId)) : rpIdHash
      const authenticatorData = concatBytes(hash, new Uint8Array([tweaks.flags ?? 0x05]), counterBytes())
      const signed = concatBytes(authenticatorData, await sha256(clientDataJson))
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.privateKey, signed),
      )
      return {
        credentialId,
        clientDataJson: isoBase64URL.fromBuffer(clientDataJson),
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(rawSignatureToDer(signature)),
      }
    },
  }
}
