// The signer dialog's own sheet, adopted after the elements' (whose buttons, fields and rows it
// keeps). Constructed in script: the signer's CSP (`style-src 'self'`) refuses inline style, not
// the CSSOM.
//
// The page themes the dialog through `--wallet-*` properties, and the page is the party the signer
// guards against: so the text and the surface behind it are never the page's colours (it could make
// them one colour, or transparent, and show its own words through a frame every engine reports
// visible). The page picks `--wallet-color-scheme` (light or dark) and the dialog picks the pair;
// sizes are clamped, so that a gap or radius cannot push what is signed out of sight. The first
// declaration of a pair is the fallback of an engine without light-dark().
const CSS = `
:host { position: relative; z-index: 2147483647; color-scheme: var(--wallet-color-scheme, light);
  font-family: var(--wallet-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif); line-height: 1.45;
  --_gap: clamp(0.25rem, var(--wallet-gap, 0.5rem), 1.25rem);
  --_radius: clamp(0px, var(--wallet-radius, 8px), 1.25rem); }
.overlay { position: fixed; inset: 0; display: flex; overflow-y: auto; padding: 1rem;
  background: rgb(0 0 0 / 0.5); }
.dialog { margin: auto; width: 100%; max-width: 28rem; padding: 1.25rem;
  display: flex; flex-direction: column; gap: calc(var(--_gap) * 2);
  border-radius: calc(var(--_radius) * 1.5); box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.35);
  background: #fff; background: light-dark(#fff, #1f1f1f);
  color: #1b1b1b; color: light-dark(#1b1b1b, #f1f1f1);
  --_error: light-dark(#b3261e, #ffb4ab); }
h2 { margin: 0; font-size: 1.25rem; line-height: 1.3; }
[tabindex="-1"]:focus { outline: none; }
.dialog .confirm { padding: 0; border: 0; }
.dialog .confirm-heading { font-size: 1.25rem; line-height: 1.3; }
.dialog input { max-width: 100%; color: inherit; background: transparent; }
.live:empty { margin-block-start: calc(var(--_gap) * -2); }
.phrase { display: grid; grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); gap: 0.125rem 0.75rem;
  margin: 0; padding: 0.75rem; font-size: 1rem; line-height: 1.7;
  border: 1px solid var(--wallet-border, #6b6b6b); border-radius: var(--_radius); }
.phrase li { margin-inline-start: 2.25em; font-family: ui-monospace, monospace; white-space: nowrap; }
.phrase li::marker { font-variant-numeric: tabular-nums; }
`

let sheet: CSSStyleSheet | undefined

/**
 * The dialog's stylesheet, built on first use: the backdrop it draws itself over the full-viewport
 * transparent frame, the panel centred and scrolled when taller than the screen, the phrase's
 * numbered grid; see the comment above `CSS` for what of the page's theme it takes.
 *
 * @example
 * ```ts
 * shadow.adoptedStyleSheets = [elementStyles(), dialogStyles()]
 * ```
 */
export function dialogStyles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(CSS)
  }
  return sheet
}
