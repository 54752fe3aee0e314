// The rules a click on the signer's Confirm must pass, in real Chromium: trusted input only, the
// panel on screen long enough and seen visible by IntersectionObserver v2, and a pointer that did
// not just arrive. The clock of the waits is the test's; the engine's visibility reports are real.
import { afterEach, describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import { h } from '../../src/elements/dom.js'
import { createPersonGate, type PersonGateVerdict } from '../../src/signer/personGate.js'
import { place, pointTo, testClock, visibility } from './signerKit.js'

const gates: Array<{ dispose(): void }> = []
afterEach(() => {
  for (const gate of gates.splice(0)) gate.dispose()
})

/** A button under a gate, each click's verdict recorded, and the clock of the gate. */
function gated() {
  const button = place(h('button', { type: 'button' }, 'Confirm'))
  const clock = testClock()
  const gate = createPersonGate(button, { now: clock.now })
  gates.push(gate)
  const verdicts: PersonGateVerdict[] = []
  button.addEventListener('click', (event) => verdicts.push(gate.accepts(event)))
  return { button, gate, clock, verdicts, last: () => verdicts.at(-1) }
}

const refused = (reason: string) => ({ ok: false, reason })

describe('createPersonGate', () => {
  it('refuses a click made by script, dispatched or through click(), however long it waited', async () => {
    const { button, clock, verdicts } = gated()
    await visibility(button)
    clock.advance(10_000)
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
    button.click()
    expect(verdicts).toEqual([refused('untrusted'), refused('untrusted')])
  })

  it("refuses the person's click before minVisibleMs, then accepts it once the wait is over", async () => {
    const { button, clock, last } = gated()
    await visibility(button)
    await pointTo(button)
    clock.advance(499)
    await userEvent.click(button)
    expect(last()).toEqual(refused('too-soon'))
    clock.advance(1)
    await userEvent.click(button)
    expect(last()).toEqual({ ok: true })
  })

  it('starts the waits over on reset(), the pointer included', async () => {
    const { button, gate, clock, last } = gated()
    await visibility(button)
    await pointTo(button)
    clock.advance(1_000)
    gate.reset()
    await userEvent.click(button)
    expect(last()).toEqual(refused('too-soon'))
    // Long enough since the reset, but the pointer has not been seen since: this click's move is its first.
    gate.reset()
    clock.advance(1_000)
    await userEvent.click(button)
    expect(last()).toEqual(refused('pointer-just-arrived'))
  })

  it('refuses a click while another element covers the target (IntersectionObserver v2)', async () => {
    const { button, clock, last } = gated()
    const box = button.getBoundingClientRect()
    const cover = place(h('div'))
    // Over the button but letting clicks through: what a page's overlay on the frame does.
    for (const [name, value] of Object.entries({
      position: 'fixed',
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      background: 'white',
      'pointer-events': 'none',
    }))
      cover.style.setProperty(name, value)
    await visibility(button, false)
    await pointTo(button)
    clock.advance(1_000)
    await userEvent.click(button)
    expect(last()).toEqual(refused('not-visible'))
    cover.remove()
    await visibility(button)
    // Visible again only now: its wait counts from here.
    await userEvent.click(button)
    expect(last()).toEqual(refused('too-soon'))
    clock.advance(500)
    await userEvent.click(button)
    expect(last()).toEqual({ ok: true })
  })

  it('refuses a click on a target made transparent (opacity: 0, IntersectionObserver v2)', async () => {
    const { button, clock, last } = gated()
    button.style.setProperty('opacity', '0')
    await visibility(button, false)
    await pointTo(button)
    clock.advance(1_000)
    await userEvent.click(button)
    expect(last()).toEqual(refused('not-visible'))
  })

  it('refuses a click while the panel is partly out of view (its summary off screen), in every engine', async () => {
    // The panel's top (what is signed) above the viewport, its Confirm still on screen.
    const button = h('button', { type: 'button' }, 'Confirm')
    const panel = place(h('section', {}, h('p', {}, 'You send 1,000.00 USD'), button))
    for (const [name, value] of Object.entries({
      position: 'fixed',
      top: '-40px',
      left: '0',
      height: '120px',
    }))
      panel.style.setProperty(name, value)
    button.style.setProperty('margin-top', '60px')
    const clock = testClock()
    const gate = createPersonGate(panel, { now: clock.now })
    gates.push(gate)
    const verdicts: PersonGateVerdict[] = []
    button.addEventListener('click', (event) => verdicts.push(gate.accepts(event)))
    // Seen by the engine (visible, but not wholly in view), then waited for long enough.
    await visibility(panel)
    await pointTo(button)
    clock.advance(1_000)
    await userEvent.click(button)
    expect(verdicts.at(-1)).toEqual(refused('not-visible'))
    // Wholly in view: counted from then on.
    panel.style.setProperty('top', '0')
    await expect
      .poll(async () => {
        clock.advance(500)
        await userEvent.click(button)
        return verdicts.at(-1)
      })
      .toEqual({ ok: true })
  })

  it('refuses a pointer click whose pointer arrived just before (the frame moved under it)', async () => {
    const { button, gate, clock, last } = gated()
    await visibility(button)
    // The pointer rested in this document already: from the reset on, only a new arrival counts.
    gate.reset()
    clock.advance(1_000)
    // Moves the pointer in and clicks at the same moment of the gate's clock.
    await pointTo(button)
    await userEvent.click(button)
    expect(last()).toEqual(refused('pointer-just-arrived'))
    clock.advance(499)
    await userEvent.click(button)
    expect(last()).toEqual(refused('pointer-just-arrived'))
    clock.advance(1)
    await userEvent.click(button)
    expect(last()).toEqual({ ok: true })
  })

  it('accepts Enter and Space on the focused target after the wait, with no pointer dwell', async () => {
    const { button, gate, clock, verdicts } = gated()
    await visibility(button)
    // Forgets any pointer seen so far: the keys alone must do.
    gate.reset()
    button.focus()
    await userEvent.keyboard('{Enter}')
    clock.advance(500)
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard(' ')
    expect(verdicts).toEqual([refused('too-soon'), { ok: true }, { ok: true }])
  })
})
