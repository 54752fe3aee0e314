// The README's elements section has what it promises (a plain HTML page under ten lines, the React
// and Vue snippets, theming, messages), its CSS names only what the elements have, and the React
// and Vue typings are held to what they promise: a wrong prop or event is an error. (That every
// snippet compiles, this section's included, is test/readme.test.ts's check.)
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { moduleScript, README, ROOT, readmeBlocks, typeCheck } from '../readmeSnippets.js'

const blocks = readmeBlocks().filter((block) => block.heading === 'Elements: `embedded-wallet-auth/elements`')

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

describe('the README elements section', () => {
  it('has the plain HTML page (under ten lines), the React and Vue snippets, theming and messages', () => {
    expect(blocks.map((block) => block.lang)).toEqual(['html', 'tsx', 'ts', 'css', 'ts'])
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
    for (const [, property = ''] of README.matchAll(/`(--wallet-[\w-]+)`/g))
      expect(sources).toContain(`var(${property}`)
  })
})

describe('the React and Vue typings', () => {
  it('refuse a prop of the wrong type, an unknown prop and a wrong event detail', () => {
    const errors = typeCheck(WRONG_USES, { environment: 'browser' })
    expect(errors.map((error) => error.replace(/ TS\d+:[\s\S]*/, ''))).toEqual([
      'readme/react-wrong.tsx:3',
      'readme/react-wrong.tsx:4',
      'readme/react-wrong.tsx:5',
      'readme/react-wrong.tsx:6',
      'readme/vue-wrong.ts:5',
    ])
  }, 60_000)
})
