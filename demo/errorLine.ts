// An error said in a line of the page: the sentence in the line (an alert, or the status line where
// the user looks), the code for support on a line of its own right after it, outside the line, so
// that what is announced is the sentence alone and the code is read after it in reading order.
import { element } from './dom.js'

// The watcher of each line that shows an error now.
const watching = new WeakMap<HTMLElement, MutationObserver>()

/** The reference line after `line` (made the first time). */
function referenceAfter(line: HTMLElement): HTMLElement {
  const next = line.nextElementSibling
  if (next instanceof HTMLElement && next.matches('p.code-ref')) return next
  const reference = element('p', { class: 'code-ref' })
  reference.hidden = true
  line.after(reference)
  return reference
}

/**
 * Shows `sentence` in `line` and `code` on the line after it. Whatever next changes the line (a
 * new sentence, a status, clearing it) takes the code away with it: an old code never stands
 * beside a new sentence.
 */
export function showErrorLine(line: HTMLElement, sentence: string, code: string): void {
  watching.get(line)?.disconnect()
  line.textContent = sentence
  const reference = referenceAfter(line)
  reference.replaceChildren('Reference for support: ', element('code', {}, code))
  reference.hidden = false
  const watch = new MutationObserver(() => {
    watch.disconnect()
    reference.hidden = true
    reference.replaceChildren()
  })
  watch.observe(line, { childList: true, characterData: true, subtree: true })
  watching.set(line, watch)
}
