import { h } from '../elements/dom.js'

/** Options of `dialogLayer`. */
export interface DialogLayerOptions {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string
  /** What Escape does, wherever focus is in the document. */
  onEscape: () => void
}

/** A dialog on screen: its panel, to fill, and its removal. */
export interface DialogLayer {
  dialog: HTMLElement
  remove(): void
}

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), [tabindex="0"]'

/**
 * Puts a modal dialog in `parent`: a backdrop of its own over the whole (transparent) frame and a
 * panel with `role="dialog"`, `aria-modal` and its name. Escape anywhere in the document calls
 * `onEscape`; Tab and Shift+Tab stay among the panel's controls (past the last control focus
 * would leave the frame for the page behind it).
 *
 * @example
 * ```ts
 * const layer = dialogLayer(shadow, { labelledBy: 'code-heading', onEscape: cancel })
 * layer.dialog.append(heading, form)
 * heading.focus()
 * ```
 */
export function dialogLayer(parent: ShadowRoot, { labelledBy, onEscape }: DialogLayerOptions): DialogLayer {
  const dialog = h('section', {
    role: 'dialog',
    'aria-modal': 'true',
    'aria-labelledby': labelledBy,
    class: 'dialog',
  })
  const overlay = h('div', { class: 'overlay' }, dialog)
  const document = parent.ownerDocument
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onEscape()
    } else if (event.key === 'Tab') {
      const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const at = controls.indexOf(parent.activeElement as HTMLElement)
      const next = event.shiftKey
        ? at <= 0 && controls.at(-1)
        : (at === -1 || at === controls.length - 1) && controls[0]
      if (!next) return
      event.preventDefault()
      next.focus()
    }
  }
  document.addEventListener('keydown', onKey)
  parent.append(overlay)
  return {
    dialog,
    remove() {
      document.removeEventListener('keydown', onKey)
      overlay.remove()
    },
  }
}
