// Every TypeScript and JavaScript snippet of the README compiles under strict TypeScript as its
// reader would paste it into an app: each block its own module, the package's imports resolved to
// the kit's source, a page's snippets with the DOM and no Node globals, a backend's (those that
// import Node, the relay, the sandbox or the testing entry) with Node's globals and no DOM. What a
// snippet takes from the app around it (its user's ids, its form's input) is declared below, with
// the type the app would have; everything else must be imported or defined by the snippet itself.
// The prose is held to a few facts too: the client's options in the API table, the demo's memory.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  moduleScript,
  README,
  type ReadmeBlock,
  ROOT,
  readmeBlocks,
  type SnippetEnvironment,
  typeCheck,
} from './readmeSnippets.js'

/** The fences that hold TypeScript or JavaScript (an HTML block's module script counts too). */
const CODE_LANGS: Record<string, string> = {
  ts: 'ts',
  typescript: 'ts',
  tsx: 'tsx',
  js: 'js',
  javascript: 'js',
}

/** A backend snippet imports Node, a Node-only entry of the kit, or a server library. */
const NODE_IMPORT =
  /from '(?:node:[\w/]+|embedded-wallet-auth\/(?:relay|sandbox|testing)(?:\/[\w/]+)?|redis|@playwright\/test|express|hono)'/

// The app's values the snippets use without defining them.
const SHARED_GLOBALS = `
  const credentialId: string
  const accountId: string
  const oauthCredentialId: string
  const quoteId: string
`
const BROWSER_GLOBALS = `
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import type { WalletAuth } from 'embedded-wallet-auth/client'
declare global {
  ${SHARED_GLOBALS}
  const wallet: WalletAuth
  const codeInput: HTMLInputElement
  const router: { push(path: string): unknown }
  function render(state: string): void
  function backendRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON>
  function askForSmsCode(): Promise<string>
  const google: { signIn(options: { nonce: string }): Promise<string> }
}
export {}
`
const NODE_GLOBALS = `
declare global {
  ${SHARED_GLOBALS}
  function userFromSessionCookie(request: Request): Promise<{ customerId: string; accountId: string } | undefined>
  const log: { warn(message: unknown): void }
  // The app's own start-up in its test (Testing your app).
  function startApp(options: {
    port: number
    service: { baseUrl: string; clientId: string; clientSecret: string }
    trustedSigners: string[]
  }): Promise<{ close(): Promise<void> }>
}
export {}
`

interface Snippet {
  block: ReadmeBlock
  file: string
  source: string
  environment: SnippetEnvironment
}

/** The README's snippets that TypeScript can check, each named after its line. */
function snippets(): Snippet[] {
  return readmeBlocks().flatMap((block) => {
    const script = block.lang === 'html' ? moduleScript(block.code) : undefined
    const ext = script === undefined ? CODE_LANGS[block.lang] : 'ts'
    if (ext === undefined) return []
    const code = script ?? block.code
    const environment: SnippetEnvironment = NODE_IMPORT.test(code) ? 'node' : 'browser'
    return [{ block, file: `readme-line-${block.line}.${ext}`, source: `${code}\nexport {}\n`, environment }]
  })
}

// Compiled once per environment (a program over the kit takes seconds). The page's program also
// holds a canary: a snippet using an app value nobody declared, which must be reported.
const CANARY = 'canary-undefined-value.ts'
const diagnostics: Partial<Record<SnippetEnvironment, string[]>> = {}

/** Diagnostics of every snippet of one environment, compiled as one program. */
function check(environment: SnippetEnvironment): string[] {
  diagnostics[environment] ??= typeCheck(
    {
      ...Object.fromEntries(
        snippets()
          .filter((snippet) => snippet.environment === environment)
          .map((snippet) => [snippet.file, snippet.source]),
      ),
      ...(environment === 'browser'
        ? { [CANARY]: 'await wallet.emailOtp.send(notDeclaredAnywhere)\nexport {}\n' }
        : {}),
    },
    { environment, globals: environment === 'browser' ? BROWSER_GLOBALS : NODE_GLOBALS },
  )
  return diagnostics[environment]
}

describe('the README snippets', () => {
  it('are found in every section that has code, for the page and for the backend', () => {
    const found = snippets()
    const headings = new Set(found.map((snippet) => snippet.block.heading))
    for (const heading of [
      'Browser: `embedded-wallet-auth/client`',
      'Elements: `embedded-wallet-auth/elements`',
      'Backend: `embedded-wallet-auth/relay`',
      'Without the client: the primitives, one email-OTP sign-in',
      'The local sandbox',
    ])
      expect(headings).toContain(heading)
    expect(found.filter((snippet) => snippet.environment === 'node').length).toBeGreaterThanOrEqual(3)
    expect(found.filter((snippet) => snippet.environment === 'browser').length).toBeGreaterThanOrEqual(6)
  })

  it('for the page compile under strict TypeScript, with the DOM and without Node', () => {
    expect(check('browser').filter((error) => !error.startsWith(`readme/${CANARY}`))).toEqual([])
  }, 60_000)

  it('for the backend compile under strict TypeScript, with Node and without the DOM', () => {
    expect(check('node')).toEqual([])
  }, 60_000)

  it('would catch an app value a snippet uses without defining it', () => {
    const canary = check('browser').filter((error) => error.startsWith(`readme/${CANARY}`))
    expect(canary).toHaveLength(1)
    expect(canary[0]).toContain("TS2304: Cannot find name 'notDeclaredAnywhere'")
  }, 60_000)
})

/** The text of the README section under `heading` (up to the next heading of that level or above). */
function section(heading: string): string {
  const start = README.indexOf(`\n${heading}\n`)
  if (start === -1) throw new Error(`no section ${heading}`)
  const level = /^#+/.exec(heading)?.[0] ?? '##'
  const next = README.slice(start + heading.length + 2).search(new RegExp(`^#{1,${level.length}} `, 'm'))
  return README.slice(start, next === -1 ? undefined : start + heading.length + 2 + next)
}

describe('the README prose', () => {
  it("lists every option of createWalletAuth in the API table (the client's clock, now, among them)", () => {
    const source = readFileSync(`${ROOT}src/client/createWalletAuth.ts`, 'utf8')
    const body = /export interface WalletAuthOptions \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
    const options = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, name]) => name)
    expect(options).toContain('now')
    const row = /`createWalletAuth\(\{ ([^}]*) \}\)`/.exec(section('## API at a glance'))?.[1] ?? ''
    expect(row.split(', ').map((option) => option.replace(/\?$/, ''))).toEqual(options)
    expect(section('## API at a glance')).toMatch(/`now`: the client's clock/)
  })

  it('says that the demo and the sandbox keep their state in memory, lost on restart', () => {
    expect(section('## Demo')).toMatch(/lives in the sandbox's memory and is gone after a restart/)
    expect(section('## The local sandbox')).toMatch(/state lives in\smemory/)
  })

  it('says how npm test gets a Chromium, and that npm ci works', () => {
    const setUp = section('## Set-up (fresh machine)')
    for (const phrase of [
      'CHROMIUM_PATH',
      'apt-get install chromium',
      'npx playwright install chromium',
      '`npm ci`',
    ])
      expect(setUp).toContain(phrase)
  })
})
