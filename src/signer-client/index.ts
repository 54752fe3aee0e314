export type { SignerChannel, SignerFrameOptions } from './connectSigner.js'
export {
  createFramedWalletAuth,
  type FramedWalletAuth,
  type FramedWalletAuthEvent,
  type FramedWalletAuthOptions,
  type SessionView,
} from './createFramedWalletAuth.js'
