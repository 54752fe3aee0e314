import { writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { type BrowserContext, test as base, type ConsoleMessage, expect, type Page } from '@playwright/test'
import { type WalletGuard, walletFixtures } from '../src/testing/playwright/index.js'
import { inspectIndexedDb, walletKeysPlace } from './inspectIndexedDb.js'

// Chromium's own console line for an HTTP error answer. The flows expect some 4xx answers (a wrong
// code, a 429, a refused revocation), so those lines are not errors of the page; a 5xx is.
const EXPECTED_HTTP_4XX = 'Failed to load resource: the server responded with a status of 4'

/** The kit's guard (CSP, OTP codes in clear), as every demo test gets it. */
export type Guard = WalletGuard

/**
 * The kit's public fixtures (`guard`, `authenticator`), and what only the demo's suite checks on
 * top, at the end of every test over every open page of the guarded contexts: no page error, no
 * console error, no extractable private key in IndexedDB (the page's, and the signer frame's
 * where the keys are in signer mode: the kit's own promise), with a
 * screenshot and the IndexedDB report attached whatever the outcome.
 */
export const test = base.extend(walletFixtures).extend<{ guard: Guard }>({
  guard: async ({ guard, context, baseURL }, use, testInfo) => {
    const contexts: BrowserContext[] = [context]
    const pageErrors: string[] = []
    const consoleErrors: string[] = []
    const watchPage = (watched: Page) => {
      watched.on('pageerror', (error) => pageErrors.push(`${watched.url()}: ${error.stack ?? error}`))
      watched.on('console', (message: ConsoleMessage) => {
        if (message.type() !== 'error' || message.text().startsWith(EXPECTED_HTTP_4XX)) return
        const { url, lineNumber } = message.location()
        consoleErrors.push(`${message.text()} (${url}:${lineNumber})`)
      })
    }
    const watchContext = (watched: BrowserContext) => {
      watched.on('page', watchPage)
      for (const open of watched.pages()) watchPage(open)
    }
    watchContext(context)

    await use({
      ...guard,
      async newGuardedPage(options) {
        const extra = await guard.newGuardedPage(options)
        contexts.push(extra.context())
        watchContext(extra.context())
        return extra
      },
    })

    const problems: string[] = []
    const openPages = contexts.flatMap((watched) => watched.pages()).filter((open) => !open.isClosed())
    for (const [index, open] of openPages.entries()) {
      const name = index === 0 ? 'final.png' : `final-${index + 1}.png`
      const path = testInfo.outputPath(name)
      try {
        await open.screenshot({ path, fullPage: true })
        await testInfo.attach(name, { path, contentType: 'image/png' })
      } catch (error) {
        problems.push(`screenshot of ${open.url()} failed: ${error}`)
      }
    }
    for (const [index, open] of openPages.entries()) {
      if (!open.url().startsWith(baseURL ?? 'http://localhost')) continue
      // The page's own origin, and the signer frame's where the keys are in signer mode.
      const page = await inspectIndexedDb(open)
      const signer = walletKeysPlace(open)
      const framed = signer === open ? undefined : await inspectIndexedDb(signer)
      const report = framed
        ? {
            databases: [...page.databases, ...framed.databases],
            privateKeys: page.privateKeys + framed.privateKeys,
            extractablePrivateKeys: [...page.extractablePrivateKeys, ...framed.extractablePrivateKeys],
          }
        : page
      for (const path of report.extractablePrivateKeys) {
        problems.push(`extractable private CryptoKey in IndexedDB at ${path}`)
      }
      const reportPath = testInfo.outputPath(`indexeddb-${index + 1}.json`)
      await writeFile(reportPath, JSON.stringify(report, null, 2))
      await testInfo.attach(basename(reportPath), { path: reportPath, contentType: 'application/json' })
    }
    for (const error of pageErrors) problems.push(`page error: ${error}`)
    for (const error of consoleErrors) problems.push(`console error: ${error}`)
    expect(problems, 'demo checks: console, page errors, key extractability').toEqual([])
  },
})

export { expect }
