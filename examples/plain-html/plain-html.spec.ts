// The plain HTML page in Chromium: no bundler, no import map, the kit's browser files pinned by
// their integrity, under a CSP of `script-src 'self'`. The kit's fixtures fail a test on any CSP
// violation (recorded from before the page loads) or the OTP code in clear, and give the page a
// virtual authenticator.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test, type WalletGuard } from 'embedded-wallet-auth/testing/playwright'
import { loadPinnedModule } from './loadPinnedModule.mjs'
import { type RunningExample, startPlainHtmlExample } from './server/startPlainHtmlExample.mjs'

const PORT = 8796
const KIT = new URL('../../dist/browser/', import.meta.url)

interface Manifest {
  files: Record<string, { integrity: string; bytes: number; imports: string[]; lazyImports: string[] }>
}

let example: RunningExample
let manifest: Manifest

test.beforeAll(async () => {
  manifest = JSON.parse(await readFile(new URL('integrity.json', KIT), 'utf8')) as Manifest
  example = await startPlainHtmlExample({
    port: PORT,
    emails: ['ada@example.com', 'grace@example.com'],
  })
})
test.afterAll(async () => {
  await example?.close()
})
test.use({ baseURL: `http://localhost:${PORT}` })

const sha384 = (bytes: Uint8Array) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`

/** Every module `path` may load, itself included, as the manifest lists their imports. */
function graphOf(path: string, found = new Set<string>()): Set<string> {
  const file = manifest.files[path]
  if (!file || found.has(path)) return found
  found.add(path)
  for (const next of [...file.imports, ...file.lazyImports]) graphOf(next, found)
  return found
}

async function signInByEmail(page: Page, guard: WalletGuard, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  // Typed through the guard: the test fails if the code leaves the page in clear.
  await guard.typeCode(page.getByLabel('Code', { exact: true }), example.sandbox.otpCode)
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeVisible()
}

test('every module and stylesheet of the page is pinned by an integrity the browser checks', async ({
  page,
}) => {
  const response = await page.goto('/')
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';")
  await expect(page.getByLabel('Email')).toBeVisible() // the page's script ran
  const pinned = await page
    .locator('script, link[rel="modulepreload"], link[rel="stylesheet"]')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({
        url: new URL(node.getAttribute('src') ?? node.getAttribute('href') ?? '', location.href).pathname,
        integrity: node.getAttribute('integrity'),
        inline: node.tagName === 'SCRIPT' && !node.hasAttribute('src'),
      })),
    )
  expect(pinned.filter((node) => node.inline)).toEqual([])
  expect(await page.locator('script[type="importmap"], style, [style]').count()).toBe(0)
  const kit = pinned.filter((node) => node.url.startsWith('/kit/'))
  // The kit's modules: wallet.js and every module it may load, lazily too, each with the
  // manifest's integrity, which is that of the bytes in dist/browser.
  expect(kit.map((node) => node.url.slice('/kit/'.length)).sort()).toEqual([...graphOf('wallet.js')].sort())
  for (const node of kit) {
    const path = node.url.slice('/kit/'.length)
    expect(node.integrity, path).toBe(manifest.files[path]?.integrity)
    expect(node.integrity, path).toBe(sha384(await readFile(new URL(path, KIT))))
  }
  // The page's own files, with the integrity of what the server sends.
  for (const node of pinned.filter((node) => !node.url.startsWith('/kit/'))) {
    const served = await page.request.get(node.url)
    expect(node.integrity, node.url).toBe(sha384(await served.body()))
  }
  expect(pinned.map((node) => node.url)).toEqual(expect.arrayContaining(['/app.js', '/style.css']))
})

test('signs in by email code, adds a passkey, signs in with it and makes a signed call', async ({
  page,
  guard,
}, testInfo) => {
  const kitRequests: string[] = []
  page.on('request', (request) => {
    const { origin, pathname } = new URL(request.url())
    if (origin !== `http://localhost:${PORT}`) kitRequests.push(request.url())
    else if (pathname.startsWith('/kit/')) kitRequests.push(pathname.slice('/kit/'.length))
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.screenshot({ path: testInfo.outputPath('start-390px.png'), fullPage: true })
  await signInByEmail(page, guard, 'ada@example.com')

  // The page's virtual authenticator (the `authenticator` fixture) answers without a prompt.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeVisible()

  await page.getByRole('button', { name: 'Make the wallet private' }).click()
  await expect(page.getByText('The wallet is private.')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('signed-in-390px.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: testInfo.outputPath('signed-in-desktop.png'), fullPage: true })
  // Only the kit's own files were loaded, nothing from elsewhere.
  expect(kitRequests.every((path) => manifest.files[path] !== undefined)).toBe(true)
  expect(guard.problems()).toEqual([])
})

// A tampered kit file is served with one line added that, if it ever runs, leaves its path in the
// page's `kitTamperedRan`: each test asserts that no such mark appears.
const COULD_NOT_START = 'The wallet could not start'
const tamperedRan = (page: Page) =>
  page.evaluate(() => (globalThis as { kitTamperedRan?: string[] }).kitTamperedRan ?? [])

test('each kit file the page may run, tampered, is refused and never runs', async ({ page, guard }) => {
  for (const path of graphOf('wallet.js')) {
    await test.step(path, async () => {
      const broken = await startPlainHtmlExample({ tamper: path })
      try {
        const served = page.waitForResponse((response) => response.url().endsWith(`/kit/${path}`))
        await page.goto(`${broken.url}/`)
        const body = await (await served).body()
        expect(sha384(body)).not.toBe(manifest.files[path]?.integrity)
        const settled = page.getByLabel('Email').or(page.getByText(COULD_NOT_START))
        await expect(settled.filter({ visible: true })).toBeVisible()
        expect(await tamperedRan(page)).toEqual([])
        // A page that started anyway did without the file until now (a module loaded on first use,
        // as HPKE once was): the sign-in loads every such module.
        if (await page.getByLabel('Email').isVisible()) {
          await signInByEmail(page, guard, 'ada@example.com')
          expect(await tamperedRan(page)).toEqual([])
        }
        expect(await page.evaluate(() => customElements.get('wallet-otp-form') !== undefined)).toBe(false)
        await expect(page.getByText(COULD_NOT_START)).toBeVisible()
      } finally {
        await broken.close()
      }
    })
  }
  // The same page served untampered starts and signs in.
  await page.goto('/')
  await signInByEmail(page, guard, 'grace@example.com')
  expect(await tamperedRan(page)).toEqual([])
})

test('every browser file, pinned by its script, runs as built and is refused tampered', async ({ page }) => {
  for (const [path, { integrity }] of Object.entries(manifest.files)) {
    await test.step(path, async () => {
      const pinned = { src: `/kit/${path}`, integrity }
      await page.goto('/')
      expect(await page.evaluate(loadPinnedModule, pinned)).toEqual({ outcome: 'ran', tamperedRan: [] })
      const broken = await startPlainHtmlExample({ tamper: path })
      try {
        await page.goto(`${broken.url}/`)
        expect(await page.evaluate(loadPinnedModule, pinned)).toEqual({ outcome: 'refused', tamperedRan: [] })
      } finally {
        await broken.close()
      }
    })
  }
})
