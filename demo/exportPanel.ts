// Export: <wallet-export-reveal> asks for a confirmation, has the service seal the recovery phrase
// to a fresh key of this page, opens it here, and shows it until it is hidden (or the session ends).
import type { WalletExportReveal } from '../src/elements/walletExportReveal.js'
import { byId } from './dom.js'

/** Wires the export section. */
export function createExportPanel() {
  const reveal = byId<WalletExportReveal>('export-reveal')
  return { element: reveal }
}
