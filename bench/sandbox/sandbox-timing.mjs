// Timing of the sandbox bench's loops (bench/sandbox/sandbox-child.mjs and its parts): one operation at a
// time, wall time per operation and the CPU time of the whole process.
import { quantile } from '../shared/timing.mjs'

/** ops/s and per-op latency (µs) of `samples` (ms each) over `elapsedMs` of wall time. */
function stats(samples, elapsedMs) {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    n: samples.length,
    elapsedMs,
    perSecond: (samples.length * 1000) / elapsedMs,
    meanUs: (elapsedMs * 1000) / samples.length,
    medianUs: quantile(sorted, 0.5) * 1000,
    p95Us: quantile(sorted, 0.95) * 1000,
    p99Us: quantile(sorted, 0.99) * 1000,
  }
}

/** Runs `op(i)` `warmup` times untimed, then `count` times timed, one after another. */
export async function timeLoop(op, { warmup, count }, onTimedStart = () => {}) {
  for (let i = 0; i < warmup; i++) await op(i)
  onTimedStart()
  const samples = new Array(count)
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    await op(warmup + i)
    samples[i] = performance.now() - t0
  }
  const elapsedMs = performance.now() - start
  const { user, system } = process.cpuUsage(cpu)
  // CPU time of the whole process (main thread and thread pool) over wall time: about 1 when the
  // core was ours throughout, lower when other processes got it (or the process sat idle).
  const cpuMs = (user + system) / 1000
  return {
    ...stats(samples, elapsedMs),
    cpuMs,
    cpuPerOpUs: (cpuMs * 1000) / count,
    cpuShare: cpuMs / elapsedMs,
  }
}
