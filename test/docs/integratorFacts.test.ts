// What a first-time integrator copies from the guides agrees with what the kit does by default:
// the header names every snippet sends and reads, the sandbox's UMA domain and code interval the
// sandbox guide states, the registration call the React and Vue snippets need, and the places the
// service's own header names are set (each an option the code has).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SIGNATURE_HEADER } from '../../src/relay/webhookSignatureHeader.js'
import { createSandbox, type Sandbox } from '../../src/sandbox/createSandbox.js'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { markdownBlocks, markdownFiles, ROOT, readMarkdown, section } from './markdown.js'

/** The service's own names, which the guides give as the one option for production. */
const SERVICE_WALLET_HEADER = 'Grid-Wallet-Signature'
const SERVICE_WEBHOOK_HEADER = 'X-Grid-Signature'
const HEADER_NAMES_SECTION = "## Header names: the sandbox's and the service's"

const backend = readMarkdown('docs/guides/backend.md')
const sandboxGuide = readMarkdown('docs/guides/sandbox-and-testing.md')

/** Every header name a line of code names: a `…-Signature` word, as written. */
function signatureHeaders(code: string): string[] {
  return [...code.matchAll(/\b[A-Za-z]+(?:-[A-Za-z]+)*-signature\b/gi)].map(([name]) => name)
}

/**
 * The lines of the snippets of `markdown` (fenced code) naming a signature header that is not
 * the kit's default, and not said on the same line to be the service's.
 */
function unlabelledHeaders(markdown: string): string[] {
  const text = readMarkdown(markdown)
  // The section that sets the service's names is where they belong.
  const setting = markdown === 'docs/guides/backend.md' ? section(text, HEADER_NAMES_SECTION) : ''
  const defaults = [WALLET_SIGNATURE_HEADER, WEBHOOK_SIGNATURE_HEADER].map((name) => name.toLowerCase())
  return markdownBlocks(text.replace(setting, ''))
    .flatMap((block) => block.code.split('\n'))
    .filter((line) =>
      signatureHeaders(line).some(
        (name) => !defaults.includes(name.toLowerCase()) && !/\bservice'?s?\b/i.test(line),
      ),
    )
}

describe("the guides' header names", () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await createSandbox({ log: () => {} })
  })
  afterAll(() => sandbox.close())

  it("are the kit's defaults, which the sandbox reads and signs with", () => {
    expect(sandbox.config.signatureHeaderName).toBe(WALLET_SIGNATURE_HEADER)
    expect(sandbox.config.webhookSignatureHeaderName).toBe(WEBHOOK_SIGNATURE_HEADER)
    // withSignerOrigins lets the wallet-signature header through under its own default.
    const source = readFileSync(`${ROOT}src/relay/withSignerOrigins.ts`, 'utf8')
    expect(source).toMatch(
      new RegExp(`headerName = (?:WALLET_SIGNATURE_HEADER|'${WALLET_SIGNATURE_HEADER}')`),
    )
  })

  it.each(markdownFiles())("in the snippets of %s, or the service's said to be so", (markdown) => {
    expect(unlabelledHeaders(markdown)).toEqual([])
  })

  it("would catch a snippet that reads the service's webhook header without saying so", () => {
    const line = "signature: req.headers['x-grid-signature'] as string | undefined,"
    expect(signatureHeaders(line)).toEqual(['x-grid-signature'])
    expect(/\bservice'?s?\b/i.test(line)).toBe(false)
  })

  it("set to the service's in every place, each an option the code has", () => {
    const setting = section(backend, HEADER_NAMES_SECTION)
    expect(setting).toContain(SERVICE_WALLET_HEADER)
    expect(setting).toContain(SERVICE_WEBHOOK_HEADER)
    const options: Array<[string, string, RegExp]> = [
      ['createRelay', 'src/relay/createRelay.ts', /^\s+headerName\?: string/m],
      ['withSignerOrigins', 'src/relay/withSignerOrigins.ts', /^\s+headerName\?: string/m],
      ['createWalletAuth', 'src/client/createWalletAuth.ts', /^\s+headerName\?: string/m],
      ['serveSigner', 'src/signer/signerConfig.ts', /headerName: z\.optional/],
      ['verifyWebhook', 'src/relay/verifyWebhook.ts', /^\s+headerName\?: string/m],
      ['createSandbox', 'src/sandbox/context.ts', /^\s+webhookSignatureHeaderName: string/m],
      ['createSandbox', 'src/sandbox/context.ts', /^\s+signatureHeaderName: string/m],
    ]
    for (const [call, file, option] of options) {
      expect(setting, call).toContain(call)
      expect(readFileSync(`${ROOT}${file}`, 'utf8'), file).toMatch(option)
    }
    for (const flag of ['--signature-header', '--webhook-header']) {
      expect(setting).toContain(flag)
      expect(readFileSync(`${ROOT}src/sandbox/cli.ts`, 'utf8')).toContain(`${flag} `)
    }
  })
})

describe("the sandbox guide's values", () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await createSandbox({ log: () => {} })
  })
  afterAll(() => sandbox.close())

  it("give the sandbox's default UMA domain wherever a $success address is written", () => {
    const domain = sandbox.config.umaDomain
    expect(sandboxGuide).toContain(`$success.usd@${domain}`)
    for (const markdown of markdownFiles()) {
      const addresses = [...readMarkdown(markdown).matchAll(/\$success\.usd@([\w.…${}]+)/g)]
      for (const [address, at] of addresses)
        expect(at === domain || at?.startsWith('${'), `${markdown}: ${address}`).toBe(true)
    }
  })

  it('say how to sign in again within the code interval: the clock moved past it', () => {
    const seconds = sandbox.config.challengeIntervalMs / 1000
    const testing = section(sandboxGuide, '## Testing your app: `embedded-wallet-auth/testing`')
    expect(testing).toContain(
      `sandbox.clock.advance(${sandbox.config.challengeIntervalMs.toLocaleString('en').replaceAll(',', '_')})`,
    )
    expect(testing).toContain(`${seconds} seconds`)
    expect(testing).toContain("getByRole('button', { name: /^Email code/ })")
  })
})

describe('the React and Vue snippets', () => {
  const elements = readMarkdown('docs/guides/elements.md')
  const frameworkBlocks = markdownBlocks(elements).filter((block) =>
    /elements\/(?:react|vue)'/.test(block.code),
  )

  it('register the elements, without which the tags draw nothing', () => {
    expect(frameworkBlocks.length).toBeGreaterThanOrEqual(3)
    for (const block of frameworkBlocks)
      expect(block.code, `line ${block.line}`).toContain('defineWalletElements(')
  })
})
