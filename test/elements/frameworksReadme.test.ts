// The README's elements quick start compiles as written: every fenced block of its "Elements"
// section (the plain HTML page's module script, the React 19 TSX, the Vue 3 code, the messages
// option) is type-checked under strict against the source, the package's subpaths mapped onto it.
// The React and Vue typings are held to what they promise: a wrong prop or event is an error.
// The CSS block names only custom properties and parts the elements have.
// (test/readme.test.ts compiles every other section's snippets the same way.)
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { README, ROOT, typeCheck } from '../readmeSnippets.js'

/** The fenced blocks of the README's `### Elements` section, in order. */
function elementsBlocks(): Array<{ lang: string; code: string }> {
  const start = README.indexOf('### Elements')
  const end = README.indexOf('\n##', start + 1)
  const section = README.slice(start, end)
  return [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map(([, lang = '', code = '']) => ({
    lang,
    code,
  }))
}

// What the snippets take from the app around them (its client, its values, its router).
const APP_GLOBALS = `
import type { WalletAuth } from 'embedded-wallet-auth/client'
declare global {
  const wallet: WalletAuth
  const credentialId: string
  const router: { push(path: string): unknown }
}
export {}
`

/** The module script of an HTML block. */
function moduleScript(html: string): string {
  const script = /<script type="module">\n([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!script) throw new Error('the HTML block has no module script')
  return script
}

const blocks = elementsBlocks()

/** The README's TypeScript: the HTML page's module script, the ts and tsx blocks. */
function readmeFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  blocks.forEach(({ lang, code }, index) => {
    if (lang === 'html') files[`block${index}.ts`] = moduleScript(code)
    else if (lang === 'ts' || lang === 'tsx') {
      // The messages block continues the page's setup: it names defineWalletElements.
      const imports = code.includes('import ')
        ? ''
        : "import { defineWalletElements } from 'embedded-wallet-auth/elements'\n"
      files[`block${index}.${lang}`] = `${imports}${code}${code.includes('export ') ? '' : '\nexport {}\n'}`
    }
  })
  return files
}

// Misuses the typings must refuse (one per line from line 3), and uses they must accept.
const WRONG_USES = {
  'react-wrong.tsx': `
import type {} from 'embedded-wallet-auth/elements/react'
export const wrongType = <wallet-otp-form credentialId={42} />
export const wrongChannel = <wallet-otp-form channel="fax" />
export const unknownProp = <wallet-otp-form credentialIdd="x" />
export const wrongDetail = <wallet-otp-form onwallet-signed-in={(event) => event.detail.nope} />
export const fine = <wallet-session-status onwallet-session-ended={(event) => event.detail.reason} />
`,
  'vue-wrong.ts': `
import type { GlobalComponents } from 'vue'
import type {} from 'embedded-wallet-auth/elements/vue'
type OtpProps = InstanceType<GlobalComponents['wallet-otp-form']>['$props']
export const wrongType: OtpProps = { credentialId: 42 }
export const fine: OtpProps = { credentialId: 'x', channel: 'sms', messages: { otpVerify: 'Go' } }
`,
}

// One program for both (a TypeScript program of the kit takes seconds).
let diagnostics: string[] | undefined
const compiled = () => {
  diagnostics ??= typeCheck(
    { ...readmeFiles(), ...WRONG_USES },
    { environment: 'browser', globals: APP_GLOBALS },
  )
  return diagnostics
}

describe('the README elements section', () => {
  it('has the plain HTML page (under ten lines), the React and Vue snippets, theming and messages', () => {
    expect(blocks.map((block) => block.lang)).toEqual(['html', 'tsx', 'ts', 'css', 'ts'])
    const html = blocks[0]?.code ?? ''
    expect(html.trimEnd().split('\n').length).toBeLessThan(10)
    expect(Object.keys(readmeFiles())).toHaveLength(4)
  })

  it('compiles every block under strict TypeScript', () => {
    expect(compiled().filter((error) => error.startsWith('readme/block'))).toEqual([])
  }, 60_000)

  it('names only custom properties and parts the elements have', () => {
    const css = blocks.find((block) => block.lang === 'css')?.code ?? ''
    const sources = readdirSync(`${ROOT}src/elements`)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(`${ROOT}src/elements/${name}`, 'utf8'))
      .join('\n')
    const parts = new Set(
      [...sources.matchAll(/part: '([^']+)'/g)].flatMap(([, names = '']) => names.split(' ')),
    )
    for (const [property] of css.matchAll(/--wallet-[\w-]+/g)) expect(sources).toContain(`var(${property}`)
    for (const [, part = ''] of css.matchAll(/::part\(([\w-]+)\)/g)) expect(parts).toContain(part)
    // The prose lists them too.
    for (const [, property = ''] of README.matchAll(/`(--wallet-[\w-]+)`/g))
      expect(sources).toContain(`var(${property}`)
  })
})

describe('the React and Vue typings', () => {
  it('refuse a prop of the wrong type, an unknown prop and a wrong event detail', () => {
    const errors = compiled().filter((error) => !error.startsWith('readme/block'))
    expect(errors.map((error) => error.replace(/ TS\d+:[\s\S]*/, ''))).toEqual([
      'readme/react-wrong.tsx:3',
      'readme/react-wrong.tsx:4',
      'readme/react-wrong.tsx:5',
      'readme/react-wrong.tsx:6',
      'readme/vue-wrong.ts:5',
    ])
  }, 60_000)
})
