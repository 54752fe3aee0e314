import { writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test'
import { inspectIndexedDb } from './inspectIndexedDb.js'
import { addVirtualAuthenticator } from './virtualAuthenticator.js'

// Chromium's own console line for an HTTP error answer. The flows expect some 4xx answers (a wrong
// code, a 429, a refused revocation), so those lines are not errors of the page; a 5xx is.
const EXPECTED_HTTP_4XX = 'Failed to load resource: the server responded with a status of 4'

/** What every test gets to drive the page under watch. */
export interface Guard {
  /**
   * Types an OTP into `field` (filled at once, as a paste or an autofill does) and remembers it:
   * after the test, no request URL or body may carry it in clear.
   */
  typeCode(field: Locator, code: string): Promise<void>
  /** Watches for `code` in clear in any request, for a code typed into another field than `#code`. */
  watchCode(code: string): void
  /** A new browser context (another browser profile) watched like the test's own, with a page. */
  newGuardedPage(): Promise<Page>
}

interface Recorded {
  requests: { url: string; body: string | null }[]
  pageErrors: string[]
  consoleErrors: string[]
  codes: Set<string>
}

// Records the page's CSP violations where the test can read them (init scripts are not subject
// to the page's CSP).
function recordCspViolations() {
  const violations: string[] = []
  Object.defineProperty(window, '__cspViolations', { value: violations })
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(
      `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
    )
  })
}

// Matches `code` only as a whole token: not inside a longer hex string or number.
function codePattern(code: string): RegExp {
  return new RegExp(`(^|[^0-9a-fA-F])${code}([^0-9a-fA-F]|$)`)
}

export const test = base.extend<{ guard: Guard; authenticator: string }>({
  guard: [
    async ({ page, context, browser, baseURL }, use, testInfo) => {
      const recorded: Recorded = { requests: [], pageErrors: [], consoleErrors: [], codes: new Set() }
      const contexts: BrowserContext[] = [context]
      const extraContexts: BrowserContext[] = []

      const watchPage = (watched: Page) => {
        const where = () => watched.url()
        watched.on('request', (request: Request) => {
          recorded.requests.push({ url: request.url(), body: request.postData() })
        })
        watched.on('pageerror', (error) => recorded.pageErrors.push(`${where()}: ${error.stack ?? error}`))
        watched.on('console', (message: ConsoleMessage) => {
          if (message.type() !== 'error') return
          if (message.text().startsWith(EXPECTED_HTTP_4XX)) return
          const { url, lineNumber } = message.location()
          recorded.consoleErrors.push(`${message.text()} (${url}:${lineNumber})`)
        })
      }
      const watchContext = async (watched: BrowserContext) => {
        await watched.addInitScript(recordCspViolations)
        watched.on('page', watchPage)
      }
      await watchContext(context)
      // The test's own page exists already (this fixture depends on it): its 'page' event is past.
      watchPage(page)

      const guard: Guard = {
        async typeCode(field, code) {
          recorded.codes.add(code)
          await field.fill(code)
        },
        watchCode(code) {
          recorded.codes.add(code)
        },
        async newGuardedPage() {
          const extra = await browser.newContext({ baseURL })
          extraContexts.push(extra)
          contexts.push(extra)
          await watchContext(extra)
          const extraPage = await extra.newPage()
          await addVirtualAuthenticator(extraPage)
          return extraPage
        },
      }

      await use(guard)

      // The end state, whatever the outcome: screenshots, then the checks over every open page.
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
      for (const open of openPages) {
        if (!open.url().startsWith(baseURL ?? 'http://localhost')) continue
        const violations = await open.evaluate(
          () =>
            (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? ['(recorder missing)'],
        )
        for (const violation of violations) problems.push(`CSP violation on ${open.url()}: ${violation}`)
        const report = await inspectIndexedDb(open)
        for (const path of report.extractablePrivateKeys) {
          problems.push(`extractable private CryptoKey in IndexedDB at ${path}`)
        }
        const reportPath = testInfo.outputPath(`indexeddb-${openPages.indexOf(open) + 1}.json`)
        await writeFile(reportPath, JSON.stringify(report, null, 2))
        await testInfo.attach(basename(reportPath), { path: reportPath, contentType: 'application/json' })
      }
      for (const error of recorded.pageErrors) problems.push(`page error: ${error}`)
      for (const error of recorded.consoleErrors) problems.push(`console error: ${error}`)
      for (const code of recorded.codes) {
        const pattern = codePattern(code)
        for (const { url, body } of recorded.requests) {
          if (pattern.test(url)) problems.push(`OTP code ${code} in clear in the URL ${url}`)
          if (body && pattern.test(body)) problems.push(`OTP code ${code} in clear in the body to ${url}`)
        }
      }
      if (recorded.codes.size > 0 && recorded.requests.length === 0) problems.push('no request was recorded')
      for (const extra of extraContexts) await extra.close()
      expect(problems, 'guard: CSP, console, page errors, OTP codes in clear, key extractability').toEqual([])
    },
    { auto: true },
  ],
  authenticator: [
    async ({ page }, use) => {
      await use(await addVirtualAuthenticator(page))
    },
    { auto: true },
  ],
})

export { expect }
