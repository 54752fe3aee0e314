// Every element's shadow root adopts this sheet: constructed in script, so a strict CSP with no
// 'unsafe-inline' style still allows it. Theme with the custom properties on the element or any
// ancestor, or style the `::part`s.
const CSS = `
:host { display: block; font: inherit; color: var(--wallet-text, inherit); max-width: 100%;
  --_accent: var(--wallet-accent, #2453d4); --_radius: var(--wallet-radius, 8px);
  --_gap: var(--wallet-gap, 0.5rem); --_error: var(--wallet-error, #b3261e); }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
form, .stack { display: flex; flex-direction: column; gap: var(--_gap); margin: 0; }
.stack > button, form > button { align-self: flex-start; }
.row { display: flex; flex-wrap: wrap; gap: var(--_gap); align-items: center; }
label { font-weight: 600; }
input { font: inherit; font-size: 1.125rem; padding: 0.5rem 0.75rem; min-height: 2.75rem; width: 100%;
  max-width: 16rem; border: 1px solid var(--wallet-border, #6b6b6b); border-radius: var(--_radius);
  background: var(--wallet-field, #fff); color: inherit; }
input.code { letter-spacing: 0.2em; font-variant-numeric: tabular-nums; }
input[aria-invalid="true"] { border-color: var(--_error); }
button { font: inherit; min-height: 2.75rem; padding: 0.5rem 1rem; border-radius: var(--_radius);
  border: 1px solid var(--_accent); background: var(--_accent); color: var(--wallet-on-accent, #fff);
  cursor: pointer; max-width: 100%; }
button.secondary { background: transparent; color: var(--_accent); }
button:disabled { opacity: 0.6; cursor: not-allowed; }
:focus-visible { outline: 3px solid var(--wallet-focus, #1a73e8); outline-offset: 2px; }
p { margin: 0; overflow-wrap: anywhere; }
.error { color: var(--_error); }
.error:empty, .status:empty, .code-ref:empty { display: none; }
.error-region { display: contents; }
.code-ref { font-size: 0.875em; opacity: 0.85; margin-top: calc(var(--_gap) * -0.5); }
.confirm { padding: 0.75rem; border: 1px solid var(--wallet-border, #6b6b6b); border-radius: var(--_radius);
  border-inline-start: 4px solid var(--_accent); min-width: 0; }
.confirm dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 0.25rem 0.75rem; margin: 0; }
.confirm dt { font-weight: 600; }
.confirm dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
.confirm ul { margin: 0; padding-inline-start: 1.25rem; }
.confirm li { overflow-wrap: anywhere; }
output { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.history { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; min-width: 0; }
.history li { padding: 0.5rem 0; border-bottom: 1px solid var(--wallet-border, #6b6b6b); min-width: 0; }
.history li:last-child { border-bottom: 0; }
.history .summary { font-weight: 600; }
.history .details { font-size: 0.875em; }
`

let sheet: CSSStyleSheet | undefined

/** The shared stylesheet, built on first use (never at import: a server has no CSSStyleSheet). */
export function elementStyles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(CSS)
  }
  return sheet
}
