// The guides' prose is held to a few facts of the code: the client's options in the API table,
// the demo's and the sandbox's memory, how npm test gets a Chromium.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ROOT, readMarkdown, section } from './markdown.js'

const client = readMarkdown('docs/guides/client.md')
const contributing = readMarkdown('docs/guides/contributing.md')
const sandbox = readMarkdown('docs/guides/sandbox-and-testing.md')

describe('the guides', () => {
  it("list every option of createWalletAuth in the API table (the client's clock, now, among them)", () => {
    const source = readFileSync(`${ROOT}src/client/createWalletAuth.ts`, 'utf8')
    const body = /export interface WalletAuthOptions \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
    const options = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, name]) => name)
    expect(options).toContain('now')
    const table = section(client, '## API at a glance')
    const row = /`createWalletAuth\(\{ ([^}]*) \}\)`/.exec(table)?.[1] ?? ''
    expect(row.split(', ').map((option) => option.replace(/\?$/, ''))).toEqual(options)
    expect(table).toMatch(/`now`: the client's clock/)
  })

  it('say that the demo and the sandbox keep their state in memory, lost on restart', () => {
    expect(section(contributing, '## Demo')).toMatch(
      /lives in the sandbox's memory and is gone after a restart/,
    )
    expect(section(sandbox, '## The local sandbox')).toMatch(/state lives in\smemory/)
  })

  it('say how npm test gets a Chromium, and that npm ci works', () => {
    const setUp = section(contributing, '## Set-up (fresh machine)')
    for (const phrase of [
      'CHROMIUM_PATH',
      'apt-get install chromium',
      'npx playwright install chromium',
      '`npm ci`',
    ])
      expect(setUp).toContain(phrase)
  })
})
