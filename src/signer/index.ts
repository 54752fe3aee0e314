export { type ServeSignerOptions, serveSigner } from './serveSigner.js'
export { SignerConfig } from './signerConfig.js'
export { signerContentSecurityPolicy } from './signerContentSecurityPolicy.js'
