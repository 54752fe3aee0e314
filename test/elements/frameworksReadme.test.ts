// The elements guide has what it promises (a plain HTML page under ten lines, the React snippets
// (raw tags, wrappers) and the Vue one, theming, messages), its CSS names only what the elements
// have, and the React and Vue typings are held to what they promise: a wrong prop or event is an
// error. (That every snippet compiles, this guide's included, is test/docs/snippets.test.ts's check.)
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { markdownBlocks, moduleScript, ROOT, readMarkdown } from '../docs/markdown.js'
import { typeCheck } from '../docs/typeCheck.js'

const GUIDE = readMarkdown('docs/guides/elements.md')
const blocks = markdownBlocks(GUIDE).filter(
  (block) => block.heading === 'Elements: `embedded-wallet-auth/elements`',
)

// Misuses the typings must refuse (one per line from line 3, the wrappers' from line 5), and uses
// they must accept.
const WRONG_USES = {
  'react-wrong.tsx': `
import type {} from 'embedded-wallet-auth/elements/react'
export const wrongType = <wallet-otp-form credentialId={42} />
export const wrongChannel = <wallet-otp-form channel="fax" />
export const unknownProp = <wallet-otp-form credentialIdd="x" />
export const wrongDetail = <wallet-otp-form onwallet-signed-in={(event) => event.detail.nope} />
export const fine = <wallet-session-status onwallet-session-ended={(event) => event.detail.reason} />
`,
  'react-wrappers-wrong.tsx': `
import * as React from 'react'
import { createWalletComponents } from 'embedded-wallet-auth/elements/react'
const { WalletOtpForm, WalletSessionStatus } = createWalletComponents({ react: React })
export const wrongType = <WalletOtpForm credentialId={42} />
export const wrongDetail = <WalletOtpForm onWalletSignedIn={(event) => event.detail.nope} />
export const aMethod = <WalletOtpForm start={async () => {}} />
export const fine = (
  <WalletSessionStatus className="status" aria-live="polite" onWalletSessionEnded={(event) => event.detail.reason} ref={React.createRef<HTMLElementTagNameMap['wallet-session-status']>()}>
    <span>child</span>
  </WalletSessionStatus>
)
`,
  'vue-wrong.ts': `
import type { GlobalComponents } from 'vue'
import type {} from 'embedded-wallet-auth/elements/vue'
type OtpProps = InstanceType<GlobalComponents['wallet-otp-form']>['$props']
export const wrongType: OtpProps = { credentialId: 42 }
export const fine: OtpProps = { credentialId: 'x', channel: 'sms', messages: { otpVerify: 'Go' } }
`,
}

describe('the elements guide', () => {
  it('has the plain HTML page (under ten lines), the React and Vue snippets, theming and messages', () => {
    expect(blocks.map((block) => block.lang)).toEqual(['html', 'tsx', 'tsx', 'ts', 'css', 'ts'])
    // React 19's raw tags, then the wrappers for 16.8 to 19.
    expect(blocks[1]?.code).toContain('<wallet-otp-form')
    expect(blocks[2]?.code).toContain('createWalletComponents({ react: React })')
    const html = blocks[0]?.code ?? ''
    expect(html.trimEnd().split('\n').length).toBeLessThan(10)
    expect(moduleScript(html)).toContain('defineWalletElements')
  })

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
    for (const [, property = ''] of GUIDE.matchAll(/`(--wallet-[\w-]+)`/g))
      expect(sources).toContain(`var(${property}`)
  })
})

describe('the React and Vue typings', () => {
  it('refuse a prop of the wrong type, an unknown prop, a method as a prop and a wrong event detail', () => {
    const errors = typeCheck(WRONG_USES, { environment: 'browser' })
    expect(errors.map((error) => error.replace(/ TS\d+:[\s\S]*/, ''))).toEqual([
      'snippets/react-wrappers-wrong.tsx:5',
      'snippets/react-wrappers-wrong.tsx:6',
      'snippets/react-wrappers-wrong.tsx:7',
      'snippets/react-wrong.tsx:3',
      'snippets/react-wrong.tsx:4',
      'snippets/react-wrong.tsx:5',
      'snippets/react-wrong.tsx:6',
      'snippets/vue-wrong.ts:5',
    ])
  }, 60_000)
})
