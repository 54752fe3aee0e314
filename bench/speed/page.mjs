// The speed bench page (bundled by esbuild with the kit's TypeScript sources and the peer SDK):
// signing, OTP encryption and sealed-key opening, each group timed in alternating batches.

import { timeOps, timerResolutionUs } from '../shared/timing.mjs'
import { otpOps } from './otpOps.mjs'
import { sealedKeyOps } from './sealedKeyOps.mjs'
import { signingOps } from './signingOps.mjs'

/**
 * Runs in the page. `iterations`/`warmup`/`batch` count the signing ops; the HPKE ops (10 to 50
 * times slower) get `hpkeIterations`/`hpkeWarmup`/`hpkeBatch`, by default a quarter as many.
 */
globalThis.runBench = async (options = {}) => {
  const { iterations = 2000, warmup = 200, batch = 50 } = options
  const hpkeCounts = {
    iterations: options.hpkeIterations ?? Math.ceil(iterations / 4),
    warmup: options.hpkeWarmup ?? Math.ceil(warmup / 4),
    batch: options.hpkeBatch ?? Math.ceil(batch / 2),
  }
  // Every group is set up (and its outputs checked) before anything is timed.
  const signing = await signingOps()
  const otp = await otpOps()
  const sealedKey = await sealedKeyOps()
  return {
    payloadBytes: signing.payloadBytes,
    crossOriginIsolated: globalThis.crossOriginIsolated,
    timerResolutionUs: timerResolutionUs(),
    counts: { iterations, warmup, batch },
    hpkeCounts,
    ops: await timeOps(signing.ops, { iterations, warmup, batch }),
    encodeUs: signing.encodeUs,
    otp: { ops: await timeOps(otp.ops, hpkeCounts), checks: otp.checks },
    sealedKey: { ops: await timeOps(sealedKey.ops, hpkeCounts), checks: sealedKey.checks },
    checks: { signing: signing.checks },
  }
}
