// Calls from the relay to the service per flow, with and without the `isOwnedBy` hook, before and
// after the relay remembered ownership, and each flow's time with every call held back 50 ms as a
// network would. Node, in-process sandbox; the kit and the sandbox are bundled from src/ with
// esbuild and run in a child process (bench/speed/relayCalls-child.mjs).
import { fileURLToPath } from 'node:url'
import { runChild } from '../shared/bundleChild.mjs'

const OUT = fileURLToPath(new URL('../out/relayCalls/', import.meta.url))

/**
 * Runs the flows in a fresh Node process and returns `{ node, latencyMs, modes, results }`:
 * `results[mode]` is one `{ flow, calls, ms }` per flow, in order.
 */
export async function measureRelayCalls({ latencyMs = 50 } = {}) {
  return runChild('bench/speed/relayCalls-child.mjs', { outDir: OUT, args: [`latencyMs=${latencyMs}`] })
}

/** The relay-calls section as Markdown. */
export function relayCallsMarkdown(run) {
  const [own, before, now, withAccounts] = run.modes.map((mode) => run.results[mode])
  const cell = (row) => `${row.calls} (${Math.round(row.ms)} ms)`
  return [
    '## Calls from relay to service per flow (Node, in-process sandbox)',
    '',
    `One new customer's flows in order, each column through a fresh relay; every call from relay to service is held back ${run.latencyMs} ms, as a network would, and each cell is calls (the flow's wall time), Node ${run.node}. ` +
      '"Own records": a hook that asks the service nothing (the flow\'s own calls). "`isOwnedBy`, before": the README\'s hook, `isOwnedBy(user.customerId)`, with an ownership store that keeps nothing, which makes the lookups of the relay before it remembered ownership. "`isOwnedBy`, now": the same hook with the default store (in memory, per relay). "with `accountIds`": the README\'s hook as it is written, `isOwnedBy(user.customerId, { accountIds: [user.accountId] })`, naming the wallet the integrator created.',
    '',
    '| flow | own records | `isOwnedBy`, before | `isOwnedBy`, now | with `accountIds`, now |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...own.map(
      (row, i) =>
        `| ${row.flow} | ${cell(row)} | ${cell(before[i])} | ${cell(now[i])} | **${cell(withAccounts[i])}** |`,
    ),
    '',
    "The first sign-in of a customer the relay has never seen costs one lookup with `accountIds` (that account's credentials: the contract has no read of a credential by id), two without (the customer's account list first); what they list is remembered, and so is what the relay forwards (a credential or delegated key created, a quote drawing on the customer's account), so later flows cost their own calls only. Sessions are remembered too (the session a sign-in or refresh opened): a refresh or sign-out after the sign-in costs its own calls; whether the session is still active is the service's to say. Behind a load balancer, `createRedisOwnershipStore` shares this between instances.",
  ].join('\n')
}
