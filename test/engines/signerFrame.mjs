// The person at the signer's frame, in any engine's driver (Marionette, WebKitWebDriver): what the
// cross-engine runs of the demo, the examples and the attack suite do in that frame, through the
// driver's own, trusted input. The frame is the one the kit's signer client makes.
import { runInPage } from './runInPage.mjs'
import { waitFor } from './waitFor.mjs'

/** The signer client's frame, as a function body's expression. */
export const SIGNER_FRAME = `document.querySelector('iframe[title="Your wallet"]')`

// In-frame helpers: a query through open shadow roots (the signer draws its dialog in one, as
// test/engines/deepQuery.ts does for the scenarios) and the signer's dialog and its buttons.
const HELPERS = `
  const deep = (root, selector) => {
    const found = root.querySelector(selector)
    if (found) return found
    for (const element of root.querySelectorAll('*')) {
      const inner = element.shadowRoot ? deep(element.shadowRoot, selector) : null
      if (inner) return inner
    }
    return null
  }
  const dialog = () => deep(document, '[role="dialog"]')
  const buttonNamed = (name) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find((button) => button.textContent.trim() === name)
`

/**
 * The person's hands on the signer's frame in `browser`, each step waited for (never a fixed
 * time) up to `waitMs`:
 * - `inFrame(act)` runs `act` with the frame as the driver's context, then returns to the page;
 * - `run(body, input)` runs an async function body in the current document, with `deep`,
 *   `dialog` and `buttonNamed` in scope;
 * - `shown(what, selector)` waits until the frame is on screen and holds `selector`;
 * - `typeCode(code)` puts the code in the signer's code box, as the person types it (clicking
 *   into the box first where it was drawn without focus);
 * - `press(name)` Tabs to the dialog's button `name` and presses Enter, until the dialog takes it;
 * - `click(name)` clicks the button `name` where the person sees it, until the dialog takes it;
 * - `text()` answers the dialog's text (what the person reads);
 * - `where(find, input)` answers where the person sees the element `find` (a function body run in
 *   the frame) answers: its centre in the page's viewport, or `null` without one.
 *
 * @example
 * ```js
 * const signer = signerFrame(browser)
 * await signer.typeCode('000000')
 * await signer.press('Confirm')
 * ```
 * @param {any} browser a launched engine of test/engines/engineLaunchers.mjs
 * @param {{ waitMs?: number }} [options]
 */
export function signerFrame(browser, { waitMs = 30_000 } = {}) {
  const run = (body, input = null) => runInPage(browser, body, { input, helpers: HELPERS })
  const until = (what, body, input = null) =>
    waitFor(async () => (await run(body, input)) ?? undefined, { timeoutMs: waitMs, what })

  async function inFrame(act) {
    const frame = await until('the signer frame', `return ${SIGNER_FRAME}`)
    await browser.switchToFrame(frame)
    try {
      return await act()
    } finally {
      await browser.switchToFrame(null)
    }
  }

  async function shown(what, selector) {
    await until(
      'the signer frame shown',
      `const frame = ${SIGNER_FRAME}
      return frame && getComputedStyle(frame).display !== 'none' ? true : null`,
    )
    return inFrame(() => until(what, 'return deep(document, input)', selector))
  }

  // A key that closes the dialog acts on its way down, and the page may hide the frame before it
  // is up, which Firefox's driver reports as a failed release: answers `false` then (the keys are
  // released from the page afterwards), and throws a failure that left the target in place.
  const pressKeys = (keys, target, input) =>
    browser.pressKeys(keys).then(
      () => true,
      async (error) => {
        if (await run(target, input)) throw error
        return false
      },
    )

  async function press(name) {
    let released = true
    await shown(name, '[role="dialog"] button')
    const target = 'return buttonNamed(input) ?? null'
    const focused =
      'const button = buttonNamed(input); return button && button.getRootNode().activeElement === button'
    await inFrame(async () => {
      await waitFor(
        async () => {
          if (await run(focused, name)) return true
          await browser.pressKeys('\uE004')
        },
        { timeoutMs: waitMs, what: `Tab to reach ${name}` },
      )
      // The person gate refuses a press before the panel has been shown for a moment, and says
      // nothing the driver could wait for instead: pressed again until the button is gone.
      await waitFor(
        async () => {
          if (!(await run(target, name))) return true
          released = (await pressKeys('\uE007', target, name)) && released
          return waitFor(async () => ((await run(target, name)) ? undefined : true), {
            timeoutMs: 1_000,
            what: `Enter on ${name} to close the panel`,
          }).catch(() => undefined)
        },
        { timeoutMs: waitMs, what: `the person gate to take Enter on ${name}` },
      )
    })
    if (!released) await browser.releaseActions()
  }

  // Where the person sees the element `find` answers (a function body run in the frame): its
  // centre in the page's viewport, or null once there is no such element.
  async function whereInFrame(find, input = null) {
    const frame = await run(
      `const { left, top } = ${SIGNER_FRAME}.getBoundingClientRect(); return { left, top }`,
    )
    const box = await inFrame(() =>
      run(
        `const element = (() => { ${find} })()
        if (!element) return null
        const { x, y, width, height } = element.getBoundingClientRect()
        return { x: x + width / 2, y: y + height / 2 }`,
        input,
      ),
    )
    return box && { x: frame.left + box.x, y: frame.top + box.y }
  }

  async function click(name) {
    await shown(name, '[role="dialog"] button')
    // The gate refuses a pointer that just arrived and a click before the panel has been shown
    // for a moment: clicked again until the button is gone.
    await waitFor(
      async () => {
        const at = await whereInFrame('return buttonNamed(input)', name)
        if (!at) return true
        await browser.clickAt(at.x, at.y)
        return waitFor(
          async () => ((await inFrame(() => run('return !buttonNamed(input)', name))) ? true : undefined),
          { timeoutMs: 1_000, what: `a click on ${name} to close the panel` },
        ).catch(() => undefined)
      },
      { timeoutMs: waitMs, what: `the person gate to take a click on ${name}` },
    )
  }

  async function typeCode(code) {
    await shown('the code box', 'input#code')
    const focused = `const field = deep(document, 'input#code')
      return !!field && field.getRootNode().activeElement === field && document.hasFocus() || null`
    // WebKitGTK draws the box without focus (its focus() ran while the page still hid the frame),
    // and a focus() from the driver's script does not take there either: the person clicks into
    // it, as they would.
    if (!(await inFrame(() => run(focused)))) {
      const at = await whereInFrame(`return deep(document, 'input#code')`)
      if (at) await browser.clickAt(at.x, at.y)
    }
    const typed = await inFrame(async () => {
      await until(
        'the code box to have focus',
        `const field = deep(document, 'input#code')
        if (!field) return null
        if (field.getRootNode().activeElement !== field) field.focus()
        return field.getRootNode().activeElement === field && document.hasFocus() || null`,
      )
      // The last digit sends the code: the box may close, and the page hide the frame, before
      // that key is up.
      return pressKeys(code, `return deep(document, 'input#code')`)
    })
    if (!typed) await browser.releaseActions()
  }

  const text = () => inFrame(() => run(`return dialog()?.textContent.replace(/\\s+/g, ' ').trim() ?? ''`))

  return { run, until, inFrame, shown, typeCode, press, click, text, where: whereInFrame }
}
