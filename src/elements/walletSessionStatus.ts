import { WalletElement } from './walletElement.js'

// Skeleton: replaced by the element's real implementation.
export class WalletSessionStatus extends WalletElement {
  protected render(): void {
    this.shadow.replaceChildren()
  }
}
