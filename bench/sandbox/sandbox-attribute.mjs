// Diagnostic of the sandbox bench (`node bench/sandbox/sandbox.mjs --attribute`), runs in its child process.

/**
 * Diagnostic (`attribute=1`, not for timing: it captures a stack per call): the wall time of every
 * `crypto.subtle` call, keyed by operation and the nearest two functions of the bundle (kit or
 * sandbox code) on the async stack. Run one after another on one core, a call's wall time is its
 * cost, thread-pool hop included, which a CPU profile of the main thread cannot attribute.
 */
export function attributeSubtle() {
  const subtle = globalThis.crypto.subtle
  const table = new Map()
  const self = new URL(import.meta.url).pathname
  for (const name of [
    'digest',
    'generateKey',
    'exportKey',
    'importKey',
    'sign',
    'verify',
    'deriveBits',
    'encrypt',
    'decrypt',
  ]) {
    const original = subtle[name].bind(subtle)
    subtle[name] = async (...args) => {
      const lines = new Error().stack.split('\n').slice(2)
      const frames = lines
        .filter((line) => line.includes(self) && !line.includes('subtle.<computed>'))
        .map((line) =>
          line
            .trim()
            .replace(/^at (async )?/, '')
            .replace(/ \(.*$/, ''),
        )
      const via = lines.some((line) => line.includes('/@hpke/')) ? ' (via @hpke/core)' : ''
      const algorithm =
        name === 'importKey' || name === 'exportKey'
          ? (args[2]?.name ?? args[2] ?? args[0])
          : (args[0]?.name ?? args[0])
      const key = `${name} ${typeof algorithm === 'string' ? algorithm : ''} <- ${frames.slice(0, 2).join(' < ')}${via}`
      const t0 = performance.now()
      try {
        return await original(...args)
      } finally {
        const entry = table.get(key) ?? { n: 0, ms: 0 }
        entry.n++
        entry.ms += performance.now() - t0
        table.set(key, entry)
      }
    }
  }
  return table
}

/** The calls of `table` per operation, costliest first; clears the table for the next part. */
export function subtleRows(table, perOps) {
  const rows = [...table]
    .map(([call, { n, ms }]) => ({ call, perOp: n / perOps, usPerOp: (ms * 1000) / perOps }))
    .sort((a, b) => b.usPerOp - a.usPerOp)
  table.clear()
  return rows
}
