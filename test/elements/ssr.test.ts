// Server rendering: a page's server imports the elements entry while it renders (Next.js, Nuxt,
// Astro, a plain Node script). There is no DOM there: the import must not throw, must register
// nothing and must touch no DOM global until `defineWalletElements` is called in the browser.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'

// What a browser has and a server has not; the entry may only look at `HTMLElement` (to pick the
// class its elements extend), never call, construct or define anything.
const DOM_GLOBALS = [
  'window',
  'document',
  'customElements',
  'HTMLElement',
  'Element',
  'Node',
  'ShadowRoot',
  'CSSStyleSheet',
  'CustomEvent',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'PublicKeyCredential',
  'matchMedia',
  'requestAnimationFrame',
] as const

const TAGS = [
  'wallet-passkey-button',
  'wallet-otp-form',
  'wallet-oauth-button',
  'wallet-sign-in',
  'wallet-session-status',
  'wallet-sca-step',
  'wallet-export-reveal',
  'wallet-transaction-list',
]

const restore: Array<() => void> = []
afterEach(() => {
  for (const undo of restore.splice(0)) undo()
  vi.resetModules()
})

/** Puts recording getters for the DOM globals on `globalThis`; `values` answers some of them. */
function spyOnDomGlobals(values: Partial<Record<(typeof DOM_GLOBALS)[number], unknown>> = {}): Set<string> {
  const read = new Set<string>()
  for (const name of DOM_GLOBALS) {
    const before = Object.getOwnPropertyDescriptor(globalThis, name)
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        read.add(name)
        return values[name]
      },
    })
    restore.push(() => {
      if (before) Object.defineProperty(globalThis, name, before)
      else Reflect.deleteProperty(globalThis, name)
    })
  }
  return read
}

/** A `CustomElementRegistry` stand-in that records what is defined in it. */
function recordingRegistry() {
  const defined = new Map<string, CustomElementConstructor>()
  const registry = {
    get: (tag: string) => defined.get(tag),
    define: (tag: string, element: CustomElementConstructor) => void defined.set(tag, element),
  } as unknown as CustomElementRegistry
  return { registry, defined }
}

describe('the elements entry on a server', () => {
  it('imports in Node without a DOM and registers nothing', async () => {
    expect(globalThis.document).toBeUndefined()
    const elements = await import('../../src/elements/index.js')
    expect(Object.keys(elements.walletElementTags)).toEqual(TAGS)
    expect(typeof elements.defineWalletElements).toBe('function')
    expect(globalThis.customElements).toBeUndefined()
  })

  it('reads no DOM global but HTMLElement while it loads, and defines nothing until called', async () => {
    const { registry, defined } = recordingRegistry()
    class FakeHTMLElement {}
    const read = spyOnDomGlobals({ HTMLElement: FakeHTMLElement, customElements: registry })
    const elements = await import('../../src/elements/index.js')
    expect([...read]).toEqual(['HTMLElement'])
    expect(defined.size).toBe(0)
    expect(Object.getPrototypeOf(elements.WalletElement)).toBe(FakeHTMLElement)

    // In the browser: the call registers the eight tags in the page's registry.
    elements.defineWalletElements()
    expect([...defined.keys()]).toEqual(TAGS)
    expect(defined.get('wallet-otp-form')).toBe(elements.WalletOtpForm)
    // Called again (a second bundle, a hot reload): tags already defined are left alone.
    elements.defineWalletElements()
    expect(defined.size).toBe(TAGS.length)
  })

  // What `npm test` builds; the package test imports every subpath the same way.
  const built = fileURLToPath(new URL('../../dist/elements.js', import.meta.url))
  it.skipIf(!existsSync(built))('loads from the built package in a plain Node process', async () => {
    const script = `
      const read = []
      for (const name of ${JSON.stringify(DOM_GLOBALS)}) {
        Object.defineProperty(globalThis, name, { configurable: true, get: () => void read.push(name) })
      }
      const elements = await import(${JSON.stringify(built)})
      console.log(JSON.stringify({ read, tags: Object.keys(elements.walletElementTags) }))`
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script])
    expect(JSON.parse(stdout)).toEqual({ read: ['HTMLElement'], tags: TAGS })
  })
})
