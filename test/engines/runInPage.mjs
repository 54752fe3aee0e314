// Runs an async function body in the driver's current document, through any engine's `execute`.

/**
 * Runs `body` (an async function body, with `helpers` before it and `input` in scope) in the
 * document the driver is in, and answers its value, or throws its error as a sentence: an error
 * thrown in the page would otherwise come back as the driver's own, without the page's message.
 *
 * @example
 * ```js
 * const title = await runInPage(browser, 'return document.title')
 * const shown = await runInPage(browser, 'return !$(input).hidden', { input: '#home', helpers: HELPERS })
 * ```
 * @param {{ execute(script: string, args?: unknown[]): Promise<any> }} browser
 * @param {string} body
 * @param {{ input?: unknown, helpers?: string }} [options]
 */
export async function runInPage(browser, body, { input = null, helpers = '' } = {}) {
  const result = await browser.execute(
    `const input = arguments[0]
    ${helpers}
    return (async () => { ${body} })().then((value) => ({ ok: true, value }), (error) => ({ ok: false, error: String(error) }))`,
    [input],
  )
  if (!result.ok) throw new Error(result.error)
  return result.value
}
