// Feedback where the user acted: every `[data-feedback]` container (a form, a row of buttons, a
// panel) gets its own status line (announced politely) and error line (an alert, focusable), at
// its end. A new action clears them all, so an old sentence never stands beside a new one.
import { demoErrorSentence } from './demoMessages.js'
import { element } from './dom.js'
import { showErrorLine } from './errorLine.js'

const STATUS = 'p.status[data-notice]'
const ALERT = 'p.alert[data-notice]'

/** Adds the two lines to every `[data-feedback]` container under `root` (once, before any action). */
export function addFeedbackRegions(root: ParentNode = document): void {
  for (const container of root.querySelectorAll<HTMLElement>('[data-feedback]')) {
    if (container.querySelector(`:scope > ${STATUS}`)) continue
    container.append(
      element('p', { class: 'status', role: 'status', 'data-notice': '' }),
      element('p', { class: 'alert', role: 'alert', tabindex: '-1', 'data-notice': '' }),
    )
  }
}

/** The feedback lines of the container nearest to `anchor` (the page's error line as a last resort). */
function linesFor(anchor: Element | null): { status?: HTMLElement; alert: HTMLElement } {
  const container = anchor?.closest<HTMLElement>('[data-feedback]')
  const status = container?.querySelector<HTMLElement>(`:scope > ${STATUS}`) ?? undefined
  const alert = container?.querySelector<HTMLElement>(`:scope > ${ALERT}`)
  return { status, alert: alert ?? (document.getElementById('page-error') as HTMLElement) }
}

/**
 * Shows `error` next to `anchor` as a sentence with its code on the line after it, and moves focus to it
 * (unless `focus` is false, when the user's field keeps it). `sentence` replaces the usual one.
 */
export function showError(anchor: Element | null, error: unknown, sentence?: string, focus = true): void {
  const shown = demoErrorSentence(error)
  const { status, alert } = linesFor(anchor)
  if (status) status.textContent = ''
  showErrorLine(alert, sentence ?? shown.sentence, shown.code)
  if (focus) alert.focus()
}

/** Shows a success next to `anchor` (announced politely). */
export function showStatus(anchor: Element | null, text: string): void {
  const { status, alert } = linesFor(anchor)
  alert.replaceChildren()
  if (status) status.textContent = text
}

/** Clears every feedback line, when a new action starts. */
export function clearNotices(): void {
  for (const line of document.querySelectorAll(`${STATUS}, ${ALERT}, #page-error`)) line.replaceChildren()
}
