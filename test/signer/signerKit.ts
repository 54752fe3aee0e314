// What the signer's dialog tests share: a page at a size the tester frame is not scaled at (a
// scaled frame is "transformed" to IntersectionObserver v2, never visible), a clock the test moves,
// and waiting until the gate has heard the engine's visibility report (the clock must not move
// before: the gate counts from when it hears it).
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { h } from '../../src/elements/dom.js'

const placed: Element[] = []
afterEach(() => {
  for (const element of placed.splice(0)) element.remove()
})
beforeAll(async () => {
  await page.viewport(1280, 720)
})

/** Puts `element` on the page for this test. */
export function place<T extends Element>(element: T): T {
  document.body.append(element)
  placed.push(element)
  return element
}

/** A clock for the gate's `now`, moved by the test instead of waiting. */
export function testClock(start = 10_000) {
  let time = start
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms
    },
  }
}

// What each IntersectionObserver on the page last reported of each target's visibility (v2's
// isVisible), the gate's own included: the engine's reports, only heard as they reach the gate.
const heard = new WeakMap<Element, boolean>()
const Native = window.IntersectionObserver
class HeardObserver extends Native {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    super((entries, observer) => {
      callback(entries, observer)
      for (const entry of entries)
        heard.set(entry.target, (entry as { isVisible?: boolean }).isVisible === true)
    }, options)
  }
}
beforeAll(() => {
  window.IntersectionObserver = HeardObserver
})
afterAll(() => {
  window.IntersectionObserver = Native
})

/** Waits until the gate watching `target` has been told by IntersectionObserver v2 that it is `visible`. */
export async function visibility(target: Element, visible = true): Promise<void> {
  await expect.poll(() => heard.get(target)).toBe(visible)
}

/** Brings the pointer onto `from` (default a paragraph of its own), then `target`: moves the page hears. */
export async function pointTo(target: Element, from?: Element): Promise<void> {
  await userEvent.hover(from ?? place(h('p', {}, 'elsewhere')))
  await userEvent.hover(target)
}
