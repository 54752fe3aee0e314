// An outcome said in a status line: the sentence in the line, and a failure's code on the line
// after it, for support, kept out of the sentence (what a screen reader announces is the sentence).

/** Writes `sentence` in `where`, and `code` (when the action failed) on the line after it. */
export function sayOutcome(where: HTMLElement, sentence: string, code?: string): void {
  where.textContent = sentence
  let reference = where.nextElementSibling
  if (!(reference instanceof HTMLElement && reference.classList.contains('code-ref'))) {
    reference = document.createElement('p')
    reference.className = 'code-ref'
    where.after(reference)
  }
  const line = reference as HTMLElement
  line.textContent = code ? `Reference for support: ${code}` : ''
  line.hidden = !code
}
