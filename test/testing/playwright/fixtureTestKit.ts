// What the fixtures' specs share: a localhost origin nothing listens on, whose answers each test
// makes itself with `page.route`, under the strict policy an app serves.
import type { BrowserContext, Page } from '@playwright/test'

/** The pretend app's origin: localhost (a secure context for WebAuthn), answered by routes. */
export const ORIGIN = 'http://localhost:8797'

/** A policy as strict as the demo's: nothing inline, nothing from elsewhere. */
export const STRICT_POLICY = "default-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'"

/**
 * Serves `html` at `ORIGIN/` (under `STRICT_POLICY`) and `script` at `ORIGIN/app.js` to every
 * page of `target`, and answers any other request with `{}`; the requests seen are returned.
 */
export async function serveApp(target: Page | BrowserContext, html: string, script = '') {
  await target.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url())
    if (pathname === '/') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': STRICT_POLICY },
        body: html,
      })
    }
    if (pathname === '/app.js') return route.fulfill({ contentType: 'text/javascript', body: script })
    return route.fulfill({ contentType: 'application/json', body: '{}' })
  })
}

/** A page with a code field and the app's script. */
export const CODE_PAGE = '<label>Code <input id="code"></label><script src="/app.js"></script>'
