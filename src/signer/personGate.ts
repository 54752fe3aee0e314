/** Why `PersonGate.accepts` refused a click. */
export type PersonGateRefusal =
  | 'untrusted'
  | 'no-activation'
  | 'too-soon'
  | 'not-visible'
  | 'pointer-just-arrived'

/** What `PersonGate.accepts` says of a click: a person's, or why not. */
export type PersonGateVerdict = { ok: true } | { ok: false; reason: PersonGateRefusal }

/** Options of `createPersonGate`. */
export interface PersonGateOptions {
  /** How long the target must have been shown, and the pointer in this document, before a click counts (ms). */
  minVisibleMs?: number
  /** The clock, in ms (default `performance.now`). */
  now?: () => number
}

/** The rules a click on a signer's button must pass (see `createPersonGate`). */
export interface PersonGate {
  /** Whether `event`, a click on the target, is the person's; refused with the first rule it fails. */
  accepts(event: MouseEvent): PersonGateVerdict
  /** The target was shown (again): the waits start over, and the pointer must be seen afresh. */
  reset(): void
  /** Stops watching the target and the pointer. */
  dispose(): void
}

// Chromium's IntersectionObserver v2 refuses a visibility delay under 100 ms.
const VISIBILITY_DELAY_MS = 100
// The share of the target that must be in view: all of it, give or take a fraction of a pixel.
const WHOLLY = 0.99

/**
 * Decides whether a click on `target` (a signer's Confirm, inside its own frame) is the person's
 * own, so that nothing a page script can do answers a confirmation. In order:
 *
 * - `untrusted`: `event.isTrusted` is false (`dispatchEvent`, `element.click()`). Every engine.
 * - `no-activation`: `navigator.userActivation.isActive` is false, in engines that have it
 *   (Chromium, Firefox, Safari 16.4+); elsewhere this rule is skipped.
 * - `too-soon`: less than `minVisibleMs` since the gate was made or last `reset()` (the panel
 *   appeared): a double-click that lands on a panel that just opened does not confirm it. Every
 *   engine.
 * - `not-visible` (or `too-soon` while it has been visible less than `minVisibleMs`): where the
 *   engine has IntersectionObserver v2 (`'isVisible' in IntersectionObserverEntry.prototype`:
 *   Chromium), the target must be reported `isVisible` (nothing drawn over it, no opacity below 1,
 *   no transform but a translation, no filter, on it or on any ancestor, the frame and the page's
 *   elements around the frame included), counted from when it last became so. Elsewhere
 *   (Firefox, WebKit) IntersectionObserver v1 says at least whether the target is in the viewport
 *   at all: a frame the page hid (`display: none`) or moved out of view counts from when it came
 *   back. Those engines cannot tell a frame made transparent or covered by the page; there the
 *   person relies on the other rules, the pointer's dwell above all. In every engine, a target
 *   the frame's viewport can hold must be wholly in view: a frame the page moved partly off the
 *   screen, so that only the buttons show and what is signed is out of sight, is not visible (a
 *   target larger than the frame's viewport scrolls inside it, and is taken as it shows).
 * - `pointer-just-arrived`: for a pointer's click (`event.detail > 0`), the pointer must have been
 *   seen inside this document (`pointerover`/`pointermove`) since the last `reset()` and not have
 *   left it (`pointerout` to nowhere) for `minVisibleMs`, against a frame moved or shown under a
 *   pointer on its way to something else. Every engine. A keyboard's click (`detail === 0`: Enter
 *   or Space on the focused button) needs no dwell.
 *
 * @example
 * ```ts
 * const gate = createPersonGate(panel)
 * confirmButton.addEventListener('click', (event) => {
 *   if (gate.accepts(event).ok) sign()
 * })
 * ```
 */
export function createPersonGate(
  target: HTMLElement,
  { minVisibleMs = 500, now = () => performance.now() }: PersonGateOptions = {},
): PersonGate {
  const document = target.ownerDocument
  let shownAt = now()
  let pointerSince: number | undefined
  // When the target last became visible (v2) or came into the viewport (v1), undefined while not.
  let visibleSince: number | undefined
  const observer = typeof IntersectionObserver === 'undefined' ? undefined : watchVisibility()

  function watchVisibility() {
    const v2 = hasVisibilityTracking()
    const watcher = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1) as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
        if (!last) return
        if (!(v2 ? last.isVisible : last.isIntersecting) || !wholly(last, document.defaultView)) {
          visibleSince = undefined
        } else visibleSince ??= now()
      },
      {
        // Reported again whenever the target goes in or out of view, wholly or at all.
        threshold: [0, WHOLLY],
        ...(v2 ? { trackVisibility: true, delay: VISIBILITY_DELAY_MS } : {}),
      } as IntersectionObserverInit,
    )
    watcher.observe(target)
    return watcher
  }

  const arrived = (event: PointerEvent) => {
    if (event.isTrusted) pointerSince ??= now()
  }
  // Out of the document altogether: there is no element the pointer went to.
  const left = (event: PointerEvent) => {
    if (event.relatedTarget === null) pointerSince = undefined
  }
  document.addEventListener('pointerover', arrived, true)
  document.addEventListener('pointermove', arrived, true)
  document.addEventListener('pointerout', left, true)

  const refuse = (reason: PersonGateRefusal): PersonGateVerdict => ({ ok: false, reason })

  return {
    accepts(event) {
      if (!event.isTrusted) return refuse('untrusted')
      const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation
      if (activation && !activation.isActive) return refuse('no-activation')
      const at = now()
      if (at - shownAt < minVisibleMs) return refuse('too-soon')
      if (observer) {
        if (visibleSince === undefined) return refuse('not-visible')
        if (at - visibleSince < minVisibleMs) return refuse('too-soon')
      }
      if (event.detail > 0 && (pointerSince === undefined || at - pointerSince < minVisibleMs)) {
        return refuse('pointer-just-arrived')
      }
      return { ok: true }
    },
    reset() {
      shownAt = now()
      pointerSince = undefined
    },
    dispose() {
      observer?.disconnect()
      document.removeEventListener('pointerover', arrived, true)
      document.removeEventListener('pointermove', arrived, true)
      document.removeEventListener('pointerout', left, true)
    },
  }
}

/** Wholly in the (top-level) viewport, unless the frame's own viewport `view` cannot hold the target. */
function wholly(
  { intersectionRatio, boundingClientRect: box }: IntersectionObserverEntry,
  view: Window | null,
) {
  return (
    intersectionRatio >= WHOLLY ||
    (view !== null && (box.width > view.innerWidth || box.height > view.innerHeight))
  )
}

function hasVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  )
}
