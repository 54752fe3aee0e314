// The activity panel as a drawer: a toggle in the header opens it over the page's edge (on a phone
// it covers the page instead of pushing it sideways; on a wide screen the page makes room).
// Escape or "Close" shuts it and gives focus back to the toggle.
import { byId } from './dom.js'

/** Wires the drawer; `count(n)` shows how many exchanges it holds on the toggle. */
export function createActivityDrawer() {
  const toggle = byId<HTMLButtonElement>('activity-toggle')
  const drawer = byId('activity-drawer')

  function setOpen(open: boolean, moveFocus = true) {
    drawer.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    document.body.classList.toggle('activity-open', open)
    if (!moveFocus) return
    if (open) byId('activity-heading').focus()
    else toggle.focus()
  }

  toggle.addEventListener('click', () => setOpen(drawer.hidden))
  byId('activity-close').addEventListener('click', () => setOpen(false))
  drawer.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false)
  })

  return {
    setOpen,
    count(entries: number) {
      byId('activity-count').textContent = String(entries)
    },
  }
}
