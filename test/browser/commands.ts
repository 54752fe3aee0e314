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
import type { Page } from 'playwright'
import type { BrowserCommandContext } from 'vitest/node'
import { CONTENT_SECURITY_POLICY } from '../../demo/server/contentSecurityPolicy.js'
import type * as KeysModule from '../../src/keys/index.js'
import type * as StampModule from '../../src/stamp/index.js'
import {
  startTestSandbox,
  type TestCustomer,
  type TestCustomerFields,
  type TestSandbox,
} from '../../src/testing/startTestSandbox.js'
import { recordReliability } from '../reliability/recordReliability.js'
import type { ReliabilitySection } from '../reliability/reliabilitySection.js'
import type { Tab, TabSetup } from './tabAgent.js'

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

// Other tabs: pages of the test's browser context, on the test iframe's origin.
const tabs = new Map<string, Page>()

/** An empty document on the test iframe's origin, in a new page (tab) of the same context. */
async function openBlankPage({ context, frame }: BrowserCommandContext, path: string): Promise<Page> {
  const origin = new URL((await frame()).url()).origin
  const url = `${origin}${path}`
  const page = await context.newPage()
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }))
  await page.goto(url)
  return page
}

// Pages whose tab was closed with `keepPages`: the next tabs reuse them, the kit already loaded.
const idlePages: Page[] = []

/**
 * Opens another tab running the kit (test/browser/tabAgent.ts) on the shared database; returns
 * its id for `tabCall`.
 */
async function openTab(context: BrowserCommandContext, setup: TabSetup): Promise<string> {
  const id = crypto.randomUUID()
  const page = idlePages.pop() ?? (await openBlankPage(context, `/__tab__/${id}`))
  tabs.set(id, page)
  await page.evaluate(async (setup) => {
    // Vitest rewrites the kit's dynamic imports to go through its runner; a plain page has none.
    // (Vitest's own worker transform installs the same shim.)
    const global = globalThis as { __vitest_browser_runner__?: unknown }
    global.__vitest_browser_runner__ ??= { wrapDynamicImport: (load: () => unknown) => load() }
    const agentPath = '/test/browser/tabAgent.ts'
    const agent: typeof import('./tabAgent.js') = await import(agentPath)
    agent.installTab(setup)
  }, setup)
  return id
}

type TabMethod = keyof Tab

/** Calls `method` of another tab's client; its answer comes back as JSON. */
async function tabCall<Method extends TabMethod>(
  _context: BrowserCommandContext,
  id: string,
  method: Method,
  ...args: Parameters<Tab[Method]>
): Promise<Awaited<ReturnType<Tab[Method]>>> {
  const page = tabs.get(id)
  if (!page) throw new Error(`No tab ${id}.`)
  return page.evaluate(
    ([method, args]) => {
      const tab = window.tabAgent as unknown as Record<string, (...args: unknown[]) => unknown>
      return tab[method]?.(...args)
    },
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<Tab[Method]>>>
}

/**
 * Closes the tabs `openTab` opened: their clients are disposed; with `keepPages`, their pages stay
 * open for the next tabs (opening a page and loading the kit in it is most of a tab's cost).
 */
async function closeTabs(_context: BrowserCommandContext, keepPages = false): Promise<void> {
  const pages = [...tabs.values()]
  tabs.clear()
  await Promise.all(
    pages.map(async (page) => {
      if (!keepPages) return page.close()
      await page.evaluate(async () => {
        await window.tabAgent?.dispose()
        window.tabAgent = undefined
      })
      idlePages.push(page)
    }),
  )
  if (!keepPages) await Promise.all(idlePages.splice(0).map((page) => page.close()))
}

/**
 * Deletes an IndexedDB database from another document, as a tab of the app wiping storage (or
 * the user clearing site data) while the page runs: `deleted` when it completed, `blocked` when
 * a connection stayed open after its versionchange event (the deletion then waits for it).
 */
async function deleteDatabaseElsewhere(
  context: BrowserCommandContext,
  databaseName: string,
): Promise<'deleted' | 'blocked'> {
  const page = await openBlankPage(context, `/__wipe__/${crypto.randomUUID()}`)
  try {
    return await page.evaluate(
      (databaseName) =>
        new Promise<'deleted' | 'blocked'>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(databaseName)
          request.onsuccess = () => resolve('deleted')
          request.onerror = () => reject(request.error)
          request.onblocked = () => resolve('blocked')
        }),
      databaseName,
    )
  } finally {
    await page.close()
  }
}

const sandboxes = new Map<string, TestSandbox>()

/** What a browser test needs to talk to a sandbox server directly (no integrator backend). */
export interface BrowserSandbox {
  baseUrl: string
  /** `Basic …`: test-only; in an app the API secret stays in the backend. */
  authorization: string
  signerPublicKey: string
}

/**
 * Starts a sandbox (the testing entry's, on a free localhost port) for the test page: its origin is
 * allowed for passkey ceremonies and CORS.
 */
async function startSandbox({ frame }: BrowserCommandContext): Promise<BrowserSandbox> {
  const origin = new URL((await frame()).url()).origin
  const sandbox = await startTestSandbox({
    port: 0,
    origins: [origin],
    corsOrigins: [origin],
    rpId: 'localhost',
  })
  sandboxes.set(sandbox.baseUrl, sandbox)
  return {
    baseUrl: sandbox.baseUrl,
    authorization: sandbox.authorization,
    signerPublicKey: sandbox.sandbox.signerPublicKey,
  }
}

/**
 * Creates a customer in the sandbox `startSandbox` started at `baseUrl` (the testing entry's
 * `createCustomer`: its embedded wallet and EMAIL_OTP credential, a fresh email unless given).
 */
async function createCustomer(
  _context: BrowserCommandContext,
  baseUrl: string,
  fields: TestCustomerFields = {},
): Promise<TestCustomer> {
  const sandbox = sandboxes.get(baseUrl)
  if (!sandbox) throw new Error(`No sandbox started at ${baseUrl}.`)
  return sandbox.createCustomer(fields)
}

async function stopSandbox(_context: BrowserCommandContext, baseUrl: string): Promise<void> {
  await sandboxes.get(baseUrl)?.close()
  sandboxes.delete(baseUrl)
}

/** Hands a browser test's figures to test/RELIABILITY.md (see test/reliability). */
function recordBrowserReliability(_context: BrowserCommandContext, section: ReliabilitySection) {
  return recordReliability(section)
}

/** What a page served under the demo's Content-Security-Policy reported. */
export interface CspPageRun<Result> {
  /** What the agent's function returned. */
  result: Result
  /** Every `securitypolicyviolation` event of the page: `directive blocked-uri`. */
  violations: string[]
  /** Console messages of the page that name the Content Security Policy. */
  consoleViolations: string[]
}

/**
 * Opens a page on the test iframe's origin served with the demo's Content-Security-Policy (no
 * inline script or style, no eval), whose only script is the module `agentPath` from the Vite
 * server; calls `window.cspAgent[name](...args)` there and closes the page. Violations are
 * counted from before the first script runs.
 */
async function runInCspPage<Result>(
  { context, frame }: BrowserCommandContext,
  agentPath: string,
  name: string,
  ...args: unknown[]
): Promise<CspPageRun<Result>> {
  const origin = new URL((await frame()).url()).origin
  const url = `${origin}/__csp__/${crypto.randomUUID()}`
  const page = await context.newPage()
  const consoleViolations: string[] = []
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleViolations.push(message.text())
  })
  try {
    // Injected by the browser itself (not a page script): listens before anything on the page runs.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`)
      })
    })
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSP</title><script type="module" src="${agentPath}"></script></head><body></body></html>`
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
        body,
      }),
    )
    await page.goto(url)
    await page.waitForFunction(() => 'cspAgent' in window, null, { timeout: 20_000 })
    const result = (await page.evaluate(
      ([name, args]) => {
        const agent = (window as unknown as { cspAgent: Record<string, (...args: unknown[]) => unknown> })
          .cspAgent
        return agent[name]?.(...args)
      },
      [name, args] as const,
    )) as Result
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )
    return { result, violations, consoleViolations }
  } finally {
    await page.close()
  }
}

// The export element's tests: what Chromium gives the user and assistive technology, read over the
// DevTools protocol, which sees into closed shadow roots where page script cannot.

/** One node of the test page's accessibility tree: its role and accessible name. */
export interface AccessibleNode {
  role: string
  name: string
}

type CdpFrameTree = { frame: { id: string; url: string }; childFrames?: CdpFrameTree[] }

// The DevTools session of the test page and the id of the test's iframe in it.
async function testFrameSession({ context, page, frame }: BrowserCommandContext) {
  const url = (await frame()).url()
  const session = await context.newCDPSession(page)
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: CdpFrameTree }
  const find = (tree: CdpFrameTree): string | undefined =>
    tree.frame.url === url ? tree.frame.id : tree.childFrames?.map(find).find(Boolean)
  const frameId = find(frameTree)
  if (!frameId) {
    await session.detach()
    throw new Error(`No frame at ${url}.`)
  }
  return { session, frameId }
}

/**
 * The test page's accessibility tree as Chromium hands it to a screen reader (closed shadow roots
 * included, ignored nodes left out): every node's role and name, in tree order.
 */
async function accessibilityTree(context: BrowserCommandContext): Promise<AccessibleNode[]> {
  const { session, frameId } = await testFrameSession(context)
  try {
    type AxValue = { value?: unknown } | undefined
    const { nodes } = (await session.send('Accessibility.getFullAXTree', { frameId })) as {
      nodes: Array<{ ignored: boolean; role?: AxValue; name?: AxValue }>
    }
    return nodes
      .filter((node) => !node.ignored)
      .map((node) => ({ role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '') }))
  } finally {
    await session.detach()
  }
}

/** What the DOM under an element holds, shadow roots of every mode included. */
export interface DeepDom {
  /** Every text node's text and every attribute's value, one per line. */
  text: string
  /** Each shadow root found, as `host-tag:mode` (`open`, `closed`). */
  shadowRoots: string[]
}

/**
 * Reads the DOM under the first element of the test page matching `selector` as DevTools does,
 * into every shadow root (closed ones too): what is in the page, whatever script can reach.
 */
async function deepDom(context: BrowserCommandContext, selector: string): Promise<DeepDom> {
  const { session, frameId } = await testFrameSession(context)
  type CdpNode = {
    nodeId: number
    nodeType: number
    localName: string
    nodeValue: string
    frameId?: string
    attributes?: string[]
    children?: CdpNode[]
    shadowRoots?: Array<CdpNode & { shadowRootType?: string }>
    contentDocument?: CdpNode
  }
  try {
    const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode }
    const documentOf = (node: CdpNode): CdpNode | undefined =>
      node.frameId === frameId && node.contentDocument
        ? node.contentDocument
        : [...(node.children ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]
            .map(documentOf)
            .find(Boolean)
    const document = documentOf(root)
    if (!document) throw new Error('The test frame has no document.')
    const { nodeId } = (await session.send('DOM.querySelector', { nodeId: document.nodeId, selector })) as {
      nodeId: number
    }
    if (!nodeId) throw new Error(`Nothing matches ${selector}.`)
    const { node } = (await session.send('DOM.describeNode', { nodeId, depth: -1, pierce: true })) as {
      node: CdpNode
    }
    const text: string[] = []
    const shadowRoots: string[] = []
    const walk = (at: CdpNode) => {
      if (at.nodeType === 3) text.push(at.nodeValue)
      text.push(...(at.attributes ?? []).filter((_, index) => index % 2 === 1))
      for (const shadow of at.shadowRoots ?? []) {
        shadowRoots.push(`${at.localName}:${shadow.shadowRootType}`)
        walk(shadow)
      }
      for (const child of at.children ?? []) walk(child)
    }
    walk(node)
    return { text: text.join('\n'), shadowRoots }
  } finally {
    await session.detach()
  }
}

/** Lets the test page read and write the system clipboard (`navigator.clipboard`) without asking. */
async function grantClipboard({ context, frame }: BrowserCommandContext): Promise<void> {
  const origin = new URL((await frame()).url()).origin
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
}

export const commands = {
  readKeyInNewPage,
  runInCspPage,
  openTab,
  tabCall,
  closeTabs,
  deleteDatabaseElsewhere,
  recordReliability: recordBrowserReliability,
  startSandbox,
  createCustomer,
  stopSandbox,
  passkeyRegistrationOptions,
  verifyPasskeyRegistration,
  verifyPasskeyAuthentication,
  accessibilityTree,
  deepDom,
  grantClipboard,
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
