export { PRODUCTION_EXPORT_SIGNER } from '../crypto/verifyEnclaveBundle.js'
export { generateRecipientKey, type RecipientKey } from './generateRecipientKey.js'
export { openSealedSessionKey } from './openSealedSessionKey.js'
export { type OpenWalletExportOptions, openWalletExport } from './openWalletExport.js'
export {
  type SessionFromAuthSessionOptions,
  sessionFromAuthSession,
  type VerifiedCredential,
} from './sessionFromAuthSession.js'
