// The kit's confirmation panel for the demo's own buttons with keys in the page (`?keys=page`):
// what the elements ask in their own panel, these buttons ask the same way. In signer mode the
// signer asks in its frame, and no `confirm` from the page counts.
import type { ConfirmAction } from '../src/client/confirmAction.js'
import { askToConfirm } from '../src/elements/askToConfirm.js'
import { elementStyles } from '../src/elements/styles.js'
import type { DemoApp } from './demoApp.js'
import { demoMessages } from './demoMessages.js'

/**
 * `{ confirm }` for a call that signs something sensitive: the panel in `slot` (in a shadow root
 * of its own, styled as the elements are), with `aside` (the buttons that started it) hidden while
 * it asks: one question at a time. Nothing in signer mode.
 */
export function askInPage(app: DemoApp, slot: HTMLElement, aside: HTMLElement): { confirm?: ConfirmAction } {
  if (app.wallet().mode === 'signer') return {}
  return {
    async confirm(description) {
      const host = document.createElement('div')
      const shadow = host.attachShadow({ mode: 'open' })
      shadow.adoptedStyleSheets = [elementStyles()]
      const container = document.createElement('div')
      shadow.append(container)
      slot.append(host)
      try {
        return await askToConfirm({ host, container, description, messages: demoMessages, aside })
      } finally {
        host.remove()
      }
    },
  }
}
