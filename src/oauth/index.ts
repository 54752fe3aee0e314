export { type CheckIdTokenOptions, checkIdToken } from './checkIdToken.js'
export { oidcNonce } from './oidcNonce.js'
