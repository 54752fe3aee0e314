export {
  createKeyStore,
  type KeyStore,
  type KeyStoreOptions,
  type Persistence,
  type SessionMetadata,
  type StoredSession,
} from './createKeyStore.js'
export { msUntilExpiry } from './msUntilExpiry.js'
export { generateSessionKey, type SessionKey, sessionKeyFromKeyPair } from './sessionKey.js'
