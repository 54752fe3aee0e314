import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }

const run = promisify(execFile)
// Code entries only: not package.json, nor the signer document's static files (`./signer-document/*`).
const SUBPATHS = Object.keys(packageJson.exports).filter(
  (subpath) => subpath !== './package.json' && !subpath.includes('*'),
)
const BROWSER_ENTRIES = [
  'client',
  'errors',
  'wire',
  'keys',
  'stamp',
  'otp',
  'session',
  'passkey',
  'oauth',
  'fetch',
  'intent',
  'sca',
]

/**
 * The export names of every subpath, imported by package name in one plain Node process (no
 * Vite, no TypeScript): what an app on Node 20 gets from the built package.
 */
async function importBuiltPackage(): Promise<Record<string, string[]>> {
  const specifiers = SUBPATHS.map((subpath) => `embedded-wallet-auth${subpath.slice(1)}`)
  const script = `
    const names = {}
    for (const [subpath, specifier] of ${JSON.stringify(SUBPATHS.map((subpath, i) => [subpath, specifiers[i]]))}) {
      names[subpath] = Object.keys(await import(specifier)).sort()
    }
    console.log(JSON.stringify(names))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script])
  return JSON.parse(stdout)
}

let built: Record<string, string[]> = {}
const builtExports = (subpath: string) => built[subpath]

function sourcePath(subpath: string): string {
  if (subpath === '.') return '../../src/index.ts'
  return subpath === './errors' ? '../../src/errors.ts' : `../../src/${subpath.slice(2)}/index.ts`
}

describe('the published package', () => {
  beforeAll(async () => {
    expect(
      existsSync(new URL('../../dist/index.js', import.meta.url)),
      'npm test builds the package first',
    ).toBe(true)
    built = await importBuiltPackage()
  }, 30_000)

  it.each(SUBPATHS)(
    'exports from %s in Node, by package name, exactly what the source does',
    async (subpath) => {
      const source = await import(/* @vite-ignore */ sourcePath(subpath))
      expect(builtExports(subpath)).toEqual(Object.keys(source).sort())
    },
    // The first one transforms the whole source tree on import: seconds on a busy two-core machine.
    30_000,
  )

  it('re-exports every browser entry from the root, and nothing else', async () => {
    const root = builtExports('.')
    const union = new Set<string>()
    for (const entry of BROWSER_ENTRIES) for (const name of builtExports(`./${entry}`) ?? []) union.add(name)
    expect(root).toEqual([...union].sort())
  })

  it('has the public root API it documents', async () => {
    expect(builtExports('.')).toMatchInlineSnapshot(`
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
        "Customer",
        "DateTime",
        "DelegatedKey",
        "EncryptedOtpBundle",
        "ErrorBody",
        "Hex",
        "KIT_ERROR_CODES",
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
        "SERVICE_ERROR_CODES",
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
        "checkPayload",
        "createKeyStore",
        "createPageHeldWalletAuth",
        "createWalletAuth",
        "describePayload",
        "encryptOtp",
        "errorFromResponse",
        "generateRecipientKey",
        "generateSessionKey",
        "isWalletAuthError",
        "knownPasskeys",
        "msUntilExpiry",
        "oidcNonce",
        "openSealedSessionKey",
        "openWalletExport",
        "parseWire",
        "parseWireJson",
        "passkeyAssertion",
        "passkeyRegistration",
        "passkeyScaAuthorization",
        "prefixedId",
        "readActivity",
        "scaLoginRequired",
        "sessionFromAuthSession",
        "sessionKeyFromKeyPair",
        "signalRevokedPasskey",
        "stamp",
        "stampChallenge",
        "verifyStamp",
        "visibleText",
        "withWalletSignature",
      ]
    `)
  })
})
