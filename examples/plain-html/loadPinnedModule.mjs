// Runs in the page (the tests pass its source to the browser): one module script, pinned.

/**
 * Adds `<script type="module" src integrity>` to the page and tells what the browser did with it:
 * `'ran'` (fetched, checked and evaluated) or `'refused'` (not loaded, e.g. its bytes did not match
 * the integrity), and the marks a tampered kit file left if it ran anyway (`kitTamperedRan`).
 *
 * @example
 * ```js
 * await page.evaluate(loadPinnedModule, { src: '/kit/stamp.js', integrity: 'sha384-…' })
 * // { outcome: 'ran', tamperedRan: [] }
 * ```
 * @param {{ src: string, integrity: string }} module
 * @returns {Promise<{ outcome: 'ran' | 'refused', tamperedRan: string[] }>}
 */
export async function loadPinnedModule({ src, integrity }) {
  const script = Object.assign(document.createElement('script'), { type: 'module', src, integrity })
  const outcome = await new Promise((resolve) => {
    script.addEventListener('load', () => resolve('ran'))
    script.addEventListener('error', () => resolve('refused'))
    document.head.append(script)
  })
  return { outcome, tamperedRan: globalThis.kitTamperedRan ?? [] }
}
