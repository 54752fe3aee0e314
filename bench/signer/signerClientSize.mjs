// The page's client bundle in signer mode beside the page-held one: esbuild, minified, dependencies
// included, gzipped (-9), as bench/size/size.mjs measures the entries, with the app importing one name.
import { esbuildSize } from '../size/esbuildSize.mjs'

const CLIENT = './src/client/index.ts'
const SIGNER_CLIENT = './src/signer-client/index.ts'

/** What each way of making a client puts in the page: the module an app writes, per row. */
const ROWS = [
  ['`/client`, everything (today’s client entry)', [CLIENT], undefined],
  [
    '`createPageHeldWalletAuth` from `/client` (page-held only)',
    [CLIENT],
    `export { createPageHeldWalletAuth } from '${CLIENT}'`,
  ],
  [
    '`createWalletAuth` from `/client`, called with `{ signer }`',
    [CLIENT],
    `export { createWalletAuth } from '${CLIENT}'`,
  ],
  ['`/signer-client`, everything', [SIGNER_CLIENT], undefined],
  [
    '`createFramedWalletAuth` from `/signer-client`',
    [SIGNER_CLIENT],
    `export { createFramedWalletAuth } from '${SIGNER_CLIENT}'`,
  ],
]

/** Measures each row; returns `{ rows }`, each `{ label, initial, lazy }` as esbuildSize gives them. */
export async function measureSignerClientSize() {
  const rows = []
  for (const [label, specifiers, source] of ROWS) {
    const { initial, lazy } = await esbuildSize(specifiers, source ? { source } : {})
    rows.push({ label, initial, lazy })
  }
  return { rows }
}

const bytes = (n) => `${n.toLocaleString('en-US')} B`

/** The BENCHMARKS.md section. */
export function signerClientSizeMarkdown({ rows }) {
  const today = rows[0].initial.gzip
  const signer = rows[3].initial.gzip
  const verdict = signer <= today / 2 ? 'met' : '**not met**'
  return [
    '## The page’s client bundle in signer mode',
    '',
    'esbuild, minified, dependencies included, each chunk gzipped (-9), as the bundle sizes above; each row is',
    'what an app importing that name ships (lazy = behind `import()`, fetched on first use). In signer mode the',
    'page holds no key, parses no payload and draws no dialog: schemas, crypto, storage and WebAuthn stay in the',
    'signer document (its first load below). `createWalletAuth` is one function for both modes, so an app that imports it ships the page-held client too:',
    'import `createFramedWalletAuth` from `/signer-client` to ship signer mode alone.',
    `Target (issue 26): the signer-mode page client at most half of today’s client: ${verdict}`,
    `(${bytes(signer)}, ${((signer / today) * 100).toFixed(1)} % of ${bytes(today)}); enforced by \`npm run size\` (signer-client ≤ 19,729 B,`,
    'and no zod, HPKE, WebAuthn, noble or idb-keyval code in it).',
    '',
    '| what the page imports | initial min | initial gzip | lazy gzip | of today’s client (gzip) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ label, initial, lazy }) =>
        `| ${label} | ${bytes(initial.minified)} | ${bytes(initial.gzip)} | ${lazy.chunks ? bytes(lazy.gzip) : '–'} | ${((initial.gzip / today) * 100).toFixed(1)} % |`,
    ),
  ].join('\n')
}
