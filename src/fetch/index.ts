export { errorFromResponse } from './errorFromResponse.js'
export { type WithWalletSignatureOptions, withWalletSignature } from './withWalletSignature.js'
