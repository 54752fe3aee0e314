// What engines.test.mjs loads through Vite's module runner, in one go: the harness, the attacker,
// and the kit's stamp the script signs with a key of its own. The runner closes once this module
// has run, so what the relay loads on its first use (the stamp checker of its confirmations) is
// loaded here first, into the same module graph.
import { verifyStamp } from '../../../src/stamp/verifyStamp.js'

export { generateSessionKey } from '../../../src/keys/sessionKey.js'
export { stamp, WALLET_SIGNATURE_HEADER } from '../../../src/stamp/stamp.js'
export { deepQuery } from '../../engines/deepQuery.js'
export { installAttacker } from './attacker.js'
export { startAttackHarness } from './startAttackHarness.js'

// A malformed stamp: refused, once the checker is loaded.
await verifyStamp('', '').catch(() => undefined)
