// The plain HTML page in Chromium, in signer mode: no bundler, no import map, the kit's browser
// file pinned by its integrity, under a CSP of `script-src 'self'`, framing the signer document on
// another port of localhost. The kit's fixtures fail a test on any CSP violation (recorded from
// before the page loads, in every frame) or the OTP code in clear, and give the page a virtual
// authenticator (the signer's frame, same site, is in the page's target: it reaches it too).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FrameLocator, Page } from '@playwright/test'
import { confirmInSigner, expect, test, type WalletGuard } from 'embedded-wallet-auth/testing/playwright'
import { loadPinnedModule } from './loadPinnedModule.mjs'
import { type RunningExample, startPlainHtmlExample } from './server/startPlainHtmlExample.mjs'

const PORT = 8796
const SIGNER_PORT = 8798
const KIT = new URL('../../dist/browser/', import.meta.url)
const SIGNER_DOCUMENT = new URL('../../dist/signer-document/', import.meta.url)
/** The kit's browser files the page runs: in signer mode, the page's client alone. */
const PAGE_KIT = ['signer-client.js']

interface Manifest {
  files: Record<string, { integrity: string; bytes: number; imports: string[]; lazyImports: string[] }>
}

let example: RunningExample
let manifest: Manifest

test.beforeAll(async () => {
  manifest = JSON.parse(await readFile(new URL('integrity.json', KIT), 'utf8')) as Manifest
  example = await startPlainHtmlExample({
    port: PORT,
    signerPort: SIGNER_PORT,
    emails: ['ada@example.com', 'grace@example.com'],
  })
})
test.afterAll(async () => {
  await example?.close()
})
test.use({ baseURL: `http://localhost:${PORT}` })

const sha384 = (bytes: Uint8Array | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`
const signerFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Your wallet"]')
/** The signer document's frame, once it is there. */
const signerDocument = async (page: Page) => {
  await expect(page.locator('iframe[title="Your wallet"]')).toHaveCount(1)
  const frame = await (await page.locator('iframe[title="Your wallet"]').elementHandle())?.contentFrame()
  if (!frame) throw new Error('The signer frame has no document.')
  return frame
}

async function signInByEmail(page: Page, guard: WalletGuard, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await expect(page.getByText('Type it in the wallet window')).toBeVisible()
  // The signer's code box, in its frame; typed through the guard: the test fails if the code
  // leaves the signer in clear.
  await guard.typeCode(signerFrame(page).getByLabel('Code', { exact: true }), example.sandbox.otpCode)
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeVisible()
}

test('every module and stylesheet of the page and of its signer is pinned by an integrity the browser checks', async ({
  page,
}) => {
  const response = await page.goto('/')
  const policy = response?.headers()['content-security-policy']
  expect(policy).toContain("script-src 'self';")
  expect(policy).toContain(`frame-src http://localhost:${SIGNER_PORT};`)
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
  // The signer's frame is styled through the CSSOM (which the policy allows), never by markup.
  expect(
    await page.locator('script[type="importmap"], style, [style]:not(iframe[title="Your wallet"])').count(),
  ).toBe(0)
  const kit = pinned.filter((node) => node.url.startsWith('/kit/'))
  expect(kit.map((node) => node.url.slice('/kit/'.length)).sort()).toEqual(PAGE_KIT)
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
  // The signer's one module, pinned as built.
  const signer = await signerDocument(page)
  expect(new URL(signer.url()).origin).toBe(`http://localhost:${SIGNER_PORT}`)
  const signerScripts = await signer
    .locator('script')
    .evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('src'), node.getAttribute('integrity')]))
  expect(signerScripts).toEqual([
    [
      expect.stringMatching(/(^|\/)signer\.js$/),
      sha384(await readFile(new URL('signer.js', SIGNER_DOCUMENT))),
    ],
  ])
})

/** The person adds a passkey: confirmed in the signer's dialog, then made by WebAuthn in its frame. */
async function addPasskey(page: Page) {
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await confirmInSigner(page)
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible()
}

test('signs in by a code typed in the signer, adds a passkey there, signs in with it and makes a signed call', async ({
  page,
  guard,
}, testInfo) => {
  const requests: string[] = []
  page.on('request', (request) => {
    const { origin, pathname } = new URL(request.url())
    if (origin === `http://localhost:${SIGNER_PORT}`) requests.push(`signer ${pathname}`)
    else if (origin !== `http://localhost:${PORT}`) requests.push(request.url())
    else if (pathname.startsWith('/kit/')) requests.push(`kit ${pathname.slice('/kit/'.length)}`)
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.screenshot({ path: testInfo.outputPath('start-390px.png'), fullPage: true })
  await signInByEmail(page, guard, 'ada@example.com')
  // The page's virtual authenticator answers the signer's frame too (same site: one target).
  await addPasskey(page)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Your wallet' })).toBeVisible()

  await page.getByRole('button', { name: 'Make the wallet private' }).click()
  await expect(page.getByText('The wallet is private.')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('signed-in-390px.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: testInfo.outputPath('signed-in-desktop.png'), fullPage: true })
  // The page loaded its kit file, and the signer its document; nothing came from elsewhere.
  expect(new Set(requests.filter((request) => !request.startsWith('signer /api')))).toEqual(
    new Set([
      'kit signer-client.js',
      'signer /signer.html',
      'signer /signer.js',
      'signer /signer-config.json',
    ]),
  )
  expect(guard.problems()).toEqual([])
})

// A tampered file is served with one line added that, if it ever runs, leaves its path in its
// document's `kitTamperedRan`: each test asserts that no such mark appears.
const COULD_NOT_START = 'The wallet could not start'
const tamperedRan = (page: Page) =>
  page.evaluate(() => (globalThis as { kitTamperedRan?: string[] }).kitTamperedRan ?? [])

test('each kit file the page runs, tampered, is refused and never runs', async ({ page, guard }) => {
  for (const path of PAGE_KIT) {
    await test.step(path, async () => {
      const broken = await startPlainHtmlExample({ tamper: path })
      try {
        const served = page.waitForResponse((response) => response.url().endsWith(`/kit/${path}`))
        await page.goto(`${broken.url}/`)
        const body = await (await served).body()
        expect(sha384(body)).not.toBe(manifest.files[path]?.integrity)
        await expect(page.getByText(COULD_NOT_START)).toBeVisible()
        expect(await tamperedRan(page)).toEqual([])
        await expect(page.getByLabel('Email')).toBeHidden()
        await expect(page.locator('iframe')).toHaveCount(0)
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

test("the signer's module, tampered, is refused and never runs: nothing can be signed", async ({ page }) => {
  const broken = await startPlainHtmlExample({ tamperSigner: true })
  try {
    const served = page.waitForResponse((response) => response.url() === `${broken.signerUrl}/signer.js`)
    await page.goto(`${broken.url}/`)
    const body = await (await served).body()
    expect(sha384(body)).not.toBe(sha384(await readFile(new URL('signer.js', SIGNER_DOCUMENT))))
    // The page starts (its own file is intact), but its signer never answers.
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await expect(page.getByText('We could not send a code.', { exact: true })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByText('Reference for support: SIGNER_UNAVAILABLE')).toBeVisible()
    const signer = await signerDocument(page)
    expect(await tamperedRan(page)).toEqual([])
    expect(
      await signer.evaluate(() => (globalThis as { kitTamperedRan?: string[] }).kitTamperedRan ?? []),
    ).toEqual([])
    // The mark would show: the same bytes, pinned to their own hash (another URL: the refused one
    // stays refused in this document), run and leave it.
    expect(
      await signer.evaluate(loadPinnedModule, { src: '/signer.js?control', integrity: sha384(body) }),
    ).toEqual({
      outcome: 'ran',
      tamperedRan: ['signer.js'],
    })
  } finally {
    await broken.close()
  }
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
