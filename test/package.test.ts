import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import packageJson from '../package.json' with { type: 'json' }

const run = promisify(execFile)
const SUBPATHS = Object.keys(packageJson.exports).filter((subpath) => subpath !== './package.json')
const BROWSER_ENTRIES = [
  'errors',
  'wire',
  'keys',
  'stamp',
  'otp',
  'session',
  'passkey',
  'oauth',
  'fetch',
  'sca',
]

/** The export names of `embedded-wallet-auth<subpath>`, imported by package name in a plain Node process. */
async function builtExports(subpath: string): Promise<string[]> {
  const specifier = `embedded-wallet-auth${subpath.slice(1)}`
  const script = `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(specifier)})).sort()))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script])
  return JSON.parse(stdout)
}

function sourcePath(subpath: string): string {
  if (subpath === '.') return '../src/index.ts'
  return subpath === './errors' ? '../src/errors.ts' : `../src/${subpath.slice(2)}/index.ts`
}

describe('the published package', () => {
  it('is built (npm test builds it first)', () => {
    expect(existsSync(new URL('../dist/index.js', import.meta.url))).toBe(true)
  })

  it.each(SUBPATHS)(
    'exports from %s in Node, by package name, exactly what the source does',
    async (subpath) => {
      const source = await import(/* @vite-ignore */ sourcePath(subpath))
      expect(await builtExports(subpath)).toEqual(Object.keys(source).sort())
    },
  )

  it('re-exports every browser entry from the root, and nothing else', async () => {
    const root = await builtExports('.')
    const union = new Set<string>()
    for (const entry of BROWSER_ENTRIES) for (const name of await builtExports(`./${entry}`)) union.add(name)
    expect(root).toEqual([...union].sort())
  })

  it('has the public root API it documents', async () => {
    expect(await builtExports('.')).toMatchInlineSnapshot(`
      [
        "ACCOUNT_TYPES",
        "AccountOrWalletInfo",
        "Amount",
        "AuthMethod",
        "AuthSession",
        "Base64Url",
        "ClientKeyAuthSession",
        "CompressedPublicKeyHex",
        "CounterpartyInformation",
        "CredentialType",
        "Currency",
        "DateTime",
        "EncryptedOtpBundle",
        "ErrorBody",
        "Hex",
        "OidcClaims",
        "OtpPlaintext",
        "OtpTargetBundle",
        "OtpTargetData",
        "OutgoingRateDetails",
        "PRODUCTION_EXPORT_SIGNER",
        "PRODUCTION_OTP_SIGNER",
        "PasskeyAssertion",
        "PasskeyAttestation",
        "PasskeyAuthChallenge",
        "PaymentInstructions",
        "Quote",
        "QuoteDestination",
        "QuoteSource",
        "QuoteStatus",
        "STAMP_SCHEME",
        "ScaChallenge",
        "SealedAuthSession",
        "SignedEnclaveBundle",
        "SignedRetryChallenge",
        "UncompressedPublicKeyHex",
        "WALLET_SIGNATURE_HEADER",
        "WalletAuthError",
        "WalletExportData",
        "authorizeSca",
        "checkIdToken",
        "createKeyStore",
        "encryptOtp",
        "errorFromResponse",
        "generateRecipientKey",
        "generateSessionKey",
        "isWalletAuthError",
        "oidcNonce",
        "openSealedSessionKey",
        "openWalletExport",
        "parseWire",
        "parseWireJson",
        "passkeyAssertion",
        "passkeyRegistration",
        "passkeyScaAuthorization",
        "prefixedId",
        "sessionFromAuthSession",
        "sessionKeyFromKeyPair",
        "stamp",
        "stampChallenge",
        "verifyStamp",
        "withWalletSignature",
      ]
    `)
  })
})
