// Server-side (Node) commands for the browser tests: they run in the Vitest process, where
// Playwright and @simplewebauthn/server live; tests call them as `commands.<name>(...)`.
// Arguments and results cross an RPC boundary as JSON, hence strings rather than bytes.
import {
  type AuthenticationResponseJSON,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type {} from '@vitest/browser-playwright'
import type { BrowserCommandContext } from 'vitest/node'
import type * as KeysModule from '../../src/keys/index.js'
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js'
import type * as StampModule from '../../src/stamp/index.js'
import { recordReliability } from '../reliability/recordReliability.js'
import type { ReliabilitySection } from '../reliability/reliabilitySection.js'

export interface StoredKeyReading {
  /** The stored session's compressed public key. */
  publicKey: string
  /** `privateKey.extractable` as the other document sees it. */
  extractable: boolean
  /** A `Service-Wallet-Signature` stamp over the message, made in the other document. */
  stamp: string
}

/**
 * Opens a new page in the test's browser context on the test iframe's origin (a separate document,
 * as after a reload), loads the kit from the Vite server there, reopens the key store, finds the
 * key by public key and stamps `message` with it. `null` when the key is not found.
 */
async function readKeyInNewPage(
  { context, frame }: BrowserCommandContext,
  databaseName: string,
  publicKey: string,
  message: string,
): Promise<StoredKeyReading | null> {
  const origin = new URL((await frame()).url()).origin
  const url = `${origin}/__key-store-reader__`
  const page = await context.newPage()
  try {
    // An empty document on the same origin; the kit's modules still come from the Vite server.
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }))
    await page.goto(url)
    return await page.evaluate(
      async ({ databaseName, publicKey, message }) => {
        // Paths in variables: neither tsc nor the config bundler may try to resolve them.
        const keysPath = '/src/keys/index.ts'
        const stampPath = '/src/stamp/index.ts'
        const keys: typeof KeysModule = await import(keysPath)
        const { stamp }: typeof StampModule = await import(stampPath)
        const store = await keys.createKeyStore({ databaseName })
        const session = await store.get(publicKey)
        if (!session) return null
        return {
          publicKey: session.key.publicKey,
          extractable: session.key.keyPair.privateKey.extractable,
          stamp: await stamp(message, session.key),
        }
      },
      { databaseName, publicKey, message },
    )
  } finally {
    await page.close()
  }
}

/** The integrator backend's side: passkey registration options for `localhost`. */
function passkeyRegistrationOptions(
  _context: BrowserCommandContext,
  userName: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: 'embedded-wallet-auth tests',
    rpID: 'localhost',
    userName,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
}

/** A registered credential, as the backend keeps it (COSE public key in base64url). */
export interface RegisteredCredential {
  id: string
  publicKey: string
  counter: number
}

export interface CeremonyCheck {
  expectedChallenge: string
  expectedOrigin: string
}

/** Verifies a registration for RP `localhost`; returns the credential when it verifies. */
async function verifyPasskeyRegistration(
  _context: BrowserCommandContext,
  response: RegistrationResponseJSON,
  { expectedChallenge, expectedOrigin }: CeremonyCheck,
): Promise<RegisteredCredential | null> {
  const { verified, registrationInfo } = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin,
    expectedRPID: 'localhost',
  })
  if (!verified) return null
  const { id, publicKey, counter } = registrationInfo.credential
  return { id, publicKey: Buffer.from(publicKey).toString('base64url'), counter }
}

/** Verifies an assertion for RP `localhost` against a registered credential. */
async function verifyPasskeyAuthentication(
  _context: BrowserCommandContext,
  response: AuthenticationResponseJSON,
  { expectedChallenge, expectedOrigin, credential }: CeremonyCheck & { credential: RegisteredCredential },
): Promise<boolean> {
  const { verified } = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin,
    expectedRPID: 'localhost',
    credential: { ...credential, publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')) },
  })
  return verified
}

const sandboxes = new Map<string, SandboxServer>()

/** What a browser test needs to talk to a sandbox server directly (no integrator backend). */
export interface BrowserSandbox {
  baseUrl: string
  /** `Basic …`: test-only; in an app the API secret stays in the backend. */
  authorization: string
  signerPublicKey: string
}

/**
 * Starts a sandbox over HTTP on localhost for the test page: its origin is allowed for passkey
 * ceremonies and CORS.
 */
async function startSandbox({ frame }: BrowserCommandContext): Promise<BrowserSandbox> {
  const origin = new URL((await frame()).url()).origin
  const sandbox = await createSandbox({
    origins: [origin],
    corsOrigins: [origin],
    rpId: 'localhost',
    log: () => {},
  })
  const server = await sandbox.listen({ host: 'localhost' })
  sandboxes.set(server.baseUrl, server)
  return {
    baseUrl: server.baseUrl,
    authorization: `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`,
    signerPublicKey: sandbox.signerPublicKey,
  }
}

async function stopSandbox(_context: BrowserCommandContext, baseUrl: string): Promise<void> {
  await sandboxes.get(baseUrl)?.close()
  sandboxes.delete(baseUrl)
}

/** Hands a browser test's figures to test/RELIABILITY.md (see test/reliability). */
function recordBrowserReliability(_context: BrowserCommandContext, section: ReliabilitySection) {
  return recordReliability(section)
}

export const commands = {
  readKeyInNewPage,
  recordReliability: recordBrowserReliability,
  startSandbox,
  stopSandbox,
  passkeyRegistrationOptions,
  verifyPasskeyRegistration,
  verifyPasskeyAuthentication,
}

// What the tests see: each command without its context, its result coming back over RPC.
type ClientCommands = {
  [Name in keyof typeof commands]: (typeof commands)[Name] extends (
    context: BrowserCommandContext,
    ...args: infer Args
  ) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never
}

declare module 'vitest/browser' {
  interface BrowserCommands extends ClientCommands {}
}
