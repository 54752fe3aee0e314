// Every TypeScript and JavaScript snippet of README.md and of the docs (start page and guides)
// compiles under strict TypeScript as its reader would paste it into an app: each block its own
// module, the package's imports resolved to the kit's source, a page's snippets with the DOM and no
// Node globals, a backend's (those that import Node, the relay, the sandbox or the testing entry)
// with Node's globals and no DOM. What a snippet takes from the app around it (its user's ids, its
// form's input) is declared below, with the type the app would have; everything else must be
// imported or defined by the snippet itself.
import { describe, expect, it } from 'vitest'
import { EXPRESS_SHIM } from './expressShim.js'
import { type MarkdownBlock, markdownBlocks, markdownFiles, moduleScript, readMarkdown } from './markdown.js'
import { type SnippetEnvironment, typeCheck } from './typeCheck.js'

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
  /from '(?:node:[\w/]+|embedded-wallet-auth\/(?:relay|sandbox|testing|signer)(?:\/[\w/]+)?|redis|@playwright\/test|express|hono)'/

// The app's values the snippets use without defining them.
const SHARED_GLOBALS = `
  const credentialId: string
  const accountId: string
  const oauthCredentialId: string
  const quoteId: string
`
const BROWSER_GLOBALS = `
import type { WalletAuth } from 'embedded-wallet-auth/client'
declare global {
  ${SHARED_GLOBALS}
  const wallet: WalletAuth
  const codeInput: HTMLInputElement
  const router: { push(path: string): unknown }
  function render(state: string): void
  function askForSmsCode(): Promise<string>
  const google: { signIn(options: { nonce: string }): Promise<string> }
}
export {}
`
const NODE_GLOBALS = `
declare global {
  ${SHARED_GLOBALS}
  function userFromSessionCookie(request: Request): Promise<{ customerId: string; accountId: string } | undefined>
  // The same sign-in, read from Node's request.
  function userOf(
    req: import('node:http').IncomingMessage,
  ): Promise<{ customerId: string; accountId: string; email: string } | undefined>
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

/** A snippet as TypeScript sees it. */
interface Snippet {
  /** The markdown file it is from, relative to the root. */
  markdown: string
  block: MarkdownBlock
  /** Its module's name in the check: the markdown file's path (`/` as `~`) and the fence's line. */
  file: string
  source: string
  environment: SnippetEnvironment
}

/** The snippets of `markdown` (a file's path, its text) that TypeScript can check. */
function snippetsOf(markdown: string, text: string): Snippet[] {
  return markdownBlocks(text).flatMap((block) => {
    const script = block.lang === 'html' ? moduleScript(block.code) : undefined
    const ext = script === undefined ? CODE_LANGS[block.lang] : 'ts'
    if (ext === undefined) return []
    const code = script ?? block.code
    const environment: SnippetEnvironment = NODE_IMPORT.test(code) ? 'node' : 'browser'
    const file = `${markdown.replaceAll('/', '~')}@${block.line}.${ext}`
    return [{ markdown, block, file, source: `${code}\nexport {}\n`, environment }]
  })
}

const FILES = markdownFiles()
const SNIPPETS = FILES.flatMap((file) => snippetsOf(file, readMarkdown(file)))

// A planted bad page, checked with the rest: a snippet using an app value nobody declared and one
// calling the kit wrongly, each of which must be reported.
const PLANTED = 'planted/bad.md'
const PLANTED_SNIPPETS = snippetsOf(
  PLANTED,
  [
    '# A bad page',
    '```ts',
    'await wallet.emailOtp.send(notDeclaredAnywhere)',
    '```',
    '```ts',
    "import { createWalletAuth } from 'embedded-wallet-auth/client'",
    'createWalletAuth({ baseUrl: 42 })',
    '```',
    '',
  ].join('\n'),
)

// Compiled once per environment, every file's snippets in one program (a program over the kit
// takes seconds); each file's test reads its own diagnostics.
const diagnostics: Partial<Record<SnippetEnvironment, string[]>> = {}

/** Diagnostics of every snippet (the planted ones included) of one environment. */
function check(environment: SnippetEnvironment): string[] {
  diagnostics[environment] ??= typeCheck(
    Object.fromEntries(
      [...SNIPPETS, ...PLANTED_SNIPPETS]
        .filter((snippet) => snippet.environment === environment)
        .map((snippet) => [snippet.file, snippet.source])
        // Express's typings, which the repository does not install, for the backend's snippets.
        .concat(environment === 'node' ? [['express-shim.d.ts', EXPRESS_SHIM]] : []),
    ),
    { environment, globals: environment === 'browser' ? BROWSER_GLOBALS : NODE_GLOBALS },
  )
  return diagnostics[environment]
}

/** The diagnostics of one markdown file's snippets, in both environments. */
function errorsOf(markdown: string): string[] {
  const prefix = `snippets/${markdown.replaceAll('/', '~')}@`
  return [...check('browser'), ...check('node')].filter((error) => error.startsWith(prefix))
}

describe('the snippets of the README and the docs', () => {
  it('are found: the README, the start page and every guide, for the page and for the backend', () => {
    expect(FILES).toContain('README.md')
    expect(FILES).toContain('docs/index.md')
    expect(FILES.filter((file) => file.startsWith('docs/guides/')).length).toBeGreaterThanOrEqual(7)
    expect(SNIPPETS.filter((snippet) => snippet.environment === 'node').length).toBeGreaterThanOrEqual(8)
    expect(SNIPPETS.filter((snippet) => snippet.environment === 'browser').length).toBeGreaterThanOrEqual(15)
    const guidesWithCode = new Set(SNIPPETS.map((snippet) => snippet.markdown))
    for (const guide of ['client', 'elements', 'backend', 'sandbox-and-testing', 'getting-started'])
      expect(guidesWithCode).toContain(`docs/guides/${guide}.md`)
  })

  it.each(FILES)(
    'of %s compile under strict TypeScript (a page with the DOM, a backend with Node)',
    (file) => {
      expect(errorsOf(file)).toEqual([])
    },
    120_000,
  )

  it("hold Express's typings as the backend's snippets use them, with no error of their own", () => {
    expect(check('node').filter((error) => error.startsWith('snippets/express-shim.d.ts'))).toEqual([])
  }, 120_000)

  it('would catch an undeclared app value and a wrong call in a page', () => {
    const errors = errorsOf(PLANTED)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toContain("TS2304: Cannot find name 'notDeclaredAnywhere'")
    expect(errors[1]).toMatch(/^snippets\/planted~bad\.md@5\.ts:2 TS(2322|2769)/) // 2769: createWalletAuth has overloads
  }, 120_000)
})
