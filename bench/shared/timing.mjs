// Timing helpers shared by the browser pages and the Node round-trip child (no DOM, no Node APIs).

/**
 * The `q` quantile (0.5 the median, 0.95 the p95) of `sorted` (ascending): the sample at rank
 * ⌊q·n⌋, a value that was measured, as every median and p95 of the bench reports.
 */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length

/**
 * Median, p95, mean and interquartile mean of `samples` (ms, as performance.now() gives them),
 * reported in µs. The IQM (mean of the middle half) is as robust as the median but not stuck on
 * the timer's 5 µs steps, which are 5% of a 100 µs signature.
 */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.slice(Math.floor(sorted.length / 4), Math.ceil((sorted.length * 3) / 4))
  return {
    n: samples.length,
    medianUs: quantile(sorted, 0.5) * 1e3,
    p95Us: quantile(sorted, 0.95) * 1e3,
    meanUs: mean(samples) * 1e3,
    iqmUs: mean(middle) * 1e3,
  }
}

/**
 * Times each op of `ops` (name → async function) `iterations` times after `warmup` untimed calls
 * (both rounded up to whole batches), in batches of `batch` that alternate between the ops, reversing the order every round (ABBA…),
 * so that drift and noise hit all ops alike. Returns, per op, the duration of every timed call
 * (ms) and what the call returned (for ops that report a breakdown of their own time).
 */
export async function timeAlternating(ops, { iterations, warmup, batch }) {
  const names = Object.keys(ops)
  const timings = Object.fromEntries(names.map((name) => [name, { ms: [], results: [] }]))
  const warmupRounds = Math.ceil(warmup / batch)
  const rounds = warmupRounds + Math.ceil(iterations / batch)
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names
    const timed = round >= warmupRounds
    for (const name of order) {
      const op = ops[name]
      const out = timings[name]
      for (let i = 0; i < batch; i++) {
        const t0 = performance.now()
        const result = await op()
        const ms = performance.now() - t0
        if (timed) {
          out.ms.push(ms)
          out.results.push(result)
        }
      }
    }
  }
  return timings
}

/** `timeAlternating`, reduced to `stats` per op. */
export async function timeOps(ops, counts) {
  const timings = await timeAlternating(ops, counts)
  return Object.fromEntries(Object.entries(timings).map(([name, { ms }]) => [name, stats(ms)]))
}

/** Mean µs per call of a synchronous function, over enough calls to dwarf the timer resolution. */
export function bulkUs(fn, count = 20000) {
  for (let i = 0; i < 2000; i++) fn()
  const t0 = performance.now()
  for (let i = 0; i < count; i++) fn()
  return ((performance.now() - t0) / count) * 1e3
}

/** Smallest non-zero step of performance.now(), in µs (5 when cross-origin isolated, else 100). */
export function timerResolutionUs() {
  let min = Number.POSITIVE_INFINITY
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now()
    let t1 = performance.now()
    while (t1 === t0) t1 = performance.now()
    min = Math.min(min, t1 - t0)
  }
  return min * 1e3
}
