import { WalletElement } from './walletElement.js'

// Skeleton: replaced by the element's real implementation.
export class WalletPasskeyButton extends WalletElement {
  protected render(): void {
    this.shadow.replaceChildren()
  }
}
