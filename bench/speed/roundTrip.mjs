// A full signed-retry round trip against the in-process sandbox minus the network: the kit's own
// overhead (withWalletSignature: first leg, challenge parse, stamp, replay) = the whole round trip
// − the time spent below the kit (the relay adding HTTP Basic, and sandbox.fetch). Node, since the
// sandbox is Node code. The kit and the sandbox are bundled from src/ with esbuild (npm packages
// left external) and run in a child process (bench/speed/roundTrip-child.mjs).
import { fileURLToPath } from 'node:url'
import { runChild } from '../shared/bundleChild.mjs'

const OUT = fileURLToPath(new URL('../out/roundTrip/', import.meta.url))

/** Counts of the default run: round trips, and the stamp and raw-sign references timed between them. */
export const ROUND_TRIP_DEFAULTS = { iterations: 2000, warmup: 200, batch: 50 }

/**
 * Runs the round trips in a fresh Node process and returns `{ node, operation, payloadBytes, counts,
 * roundTrip, belowKit, sandbox, relay, kit, stamp, raw }`, each timing `{ n, medianUs, p95Us,
 * meanUs }` over the same calls (`kit`, `belowKit`, `relay` are per-call differences).
 */
export async function measureRoundTrip(options = {}) {
  const counts = { ...ROUND_TRIP_DEFAULTS, ...options }
  return runChild('bench/speed/roundTrip-child.mjs', {
    outDir: OUT,
    args: Object.entries(counts).map(([k, v]) => `${k}=${v}`),
  })
}

const us = (n) => n.toFixed(1)

/** The round-trip section as Markdown. */
export function roundTripMarkdown(trip) {
  const row = (label, s) =>
    `| ${label} | ${us(s.medianUs)} | ${us(s.p95Us)} | ${(s.medianUs / trip.raw.medianUs).toFixed(2)}× |`
  return [
    '## Signed-retry round trip, kit overhead (Node, in-process sandbox)',
    '',
    `\`withWalletSignature(relay, { getKey, expect })\` on \`${trip.operation}\` (202 → stamp → replay → 200), ` +
      `Node ${trip.node}, no network: the relay adds HTTP Basic and calls \`sandbox.fetch\`. ${trip.roundTrip.n} ` +
      `timed round trips after ${trip.counts.warmup}, in batches alternating with \`stamp()\` and a raw ` +
      `sign of the same ${trip.payloadBytes}-byte payloadToSign; \`expect\` holds each payload to the ` +
      "route's activity type and the session's organization before it is stamped, as the client does. " +
      'Each row is the median (p95) over the ' +
      'same calls; kit = round trip − below the kit, per call.',
    '',
    '| what is timed | median µs | p95 µs | × raw sign (median) |',
    '| --- | ---: | ---: | ---: |',
    row('whole round trip', trip.roundTrip),
    row('below the kit (relay + `sandbox.fetch`, both legs)', trip.belowKit),
    row('— of which inside `sandbox.fetch`', trip.sandbox),
    row('**kit overhead** (round trip − below the kit)', trip.kit),
    row('for reference: `stamp()` alone', trip.stamp),
    ...(trip.intentCheck
      ? [
          row('for reference: the intent check alone (`checkPayload`: type, organization)', trip.intentCheck),
          row('for reference: intent check + `stamp()`', trip.checkedStamp),
        ]
      : []),
    row('for reference: raw `crypto.subtle.sign` alone', trip.raw),
    '',
    `Kit overhead beyond one stamp (medians): ${us(trip.kit.medianUs - trip.stamp.medianUs)} µs: building ` +
      'the `Request` and reading its body once, cloning and parsing the 202 challenge, the intent check, the replay’s ' +
      'headers and body copy, and the promise hops between them (here on Node’s undici `Request`/`Response`).',
  ].join('\n')
}
