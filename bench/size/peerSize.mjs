// Bundle size of the peer browser SDK (Turnkey), built the same two ways as ours in the same run, and
// our whole browser kit as a fraction of it.
import { readFile } from 'node:fs/promises'
import { ROOT } from './chunkGraph.mjs'
import { esbuildSize } from './esbuildSize.mjs'
import { measureEntry, WHOLE_KIT } from './size.mjs'
import { viteSize } from './viteSize.mjs'

/**
 * Peer bundles (devDependencies), each one virtual entry `export * from` its packages; `target` = the
 * largest fraction of it our whole kit should be. No define or Node shims: both builds succeed without
 * them (Node-only paths are behind typeof checks or import('crypto'), which the bundlers stub).
 */
export const PEERS = [
  { name: '@turnkey/sdk-browser', packages: ['@turnkey/sdk-browser'], target: 1 / 7 },
  {
    name: '@turnkey/crypto + api-key-stamper + indexed-db-stamper',
    packages: ['@turnkey/crypto', '@turnkey/api-key-stamper', '@turnkey/indexed-db-stamper'],
    target: 1 / 3,
  },
]

const installedVersion = async (name) =>
  JSON.parse(await readFile(`${ROOT}node_modules/${name}/package.json`, 'utf8')).version

const withoutSources = ({ initial, lazy, ms, warnings }) => ({ initial, lazy, ms, warnings })

/**
 * → { kit, peers }: kit = our whole kit's { esbuild, vite } ({ initial, lazy, ms }); each peer = { name,
 * packages, versions, target, esbuild, vite, ratio: { esbuild, vite } } where ratio = our kit's initial
 * gzip ÷ the peer's, same bundler. Pass measureSizes()'s result to reuse its whole-kit builds.
 */
export async function measurePeerSizes(sizes) {
  const ours =
    sizes?.entries.find((e) => e.name === WHOLE_KIT && e.vite) ??
    (await measureEntry(WHOLE_KIT, ['src/index.ts'], { vite: true }))
  const kit = { esbuild: withoutSources(ours), vite: withoutSources(ours.vite) }
  const peers = []
  for (const peer of PEERS) {
    const esbuilt = withoutSources(await esbuildSize(peer.packages))
    const vite = withoutSources(await viteSize(peer.packages))
    peers.push({
      ...peer,
      versions: Object.fromEntries(
        await Promise.all(peer.packages.map(async (name) => [name, await installedVersion(name)])),
      ),
      esbuild: esbuilt,
      vite,
      ratio: {
        esbuild: kit.esbuild.initial.gzip / esbuilt.initial.gzip,
        vite: kit.vite.initial.gzip / vite.initial.gzip,
      },
    })
  }
  return { kit, peers }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const sizes = ({ initial, lazy }) => `${kb(initial.gzip)}${lazy.chunks ? ` + ${kb(lazy.gzip)} lazy` : ''}`
const total = ({ initial, lazy }) => initial.gzip + lazy.gzip
// Initial chunks decide the target; the whole download (lazy chunks too) is shown after it.
const fraction = (ours, theirs) =>
  `${(ours.initial.gzip / theirs.initial.gzip).toFixed(3)} (1/${(theirs.initial.gzip / ours.initial.gzip).toFixed(1)}); ` +
  `all chunks 1/${(total(theirs) / total(ours)).toFixed(1)}`

/** Markdown for the peer comparison: gzip -9 of the initial chunks, lazy ones after the +. */
export function peerSizeMarkdown({ kit, peers }) {
  const lines = [
    '| bundle | esbuild gzip | Vite gzip | our whole kit ÷ peer, esbuild | our whole kit ÷ peer, Vite | target (initial) |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| ours: whole browser kit (\`${WHOLE_KIT}\`) | ${sizes(kit.esbuild)} | ${sizes(kit.vite)} | – | – | – |`,
  ]
  for (const peer of peers) {
    const versions = Object.entries(peer.versions)
      .map(([name, version]) => `${name.replace('@turnkey/', '')} ${version}`)
      .join(', ')
    const status = (ratio) => (ratio <= peer.target ? 'ok' : '**missed**')
    lines.push(
      `| ${peer.name} (${versions}) | ${sizes(peer.esbuild)} | ${sizes(peer.vite)} | ${fraction(kit.esbuild, peer.esbuild)} | ${fraction(kit.vite, peer.vite)} | ≤ 1/${Math.round(1 / peer.target)}: esbuild ${status(peer.ratio.esbuild)}, Vite ${status(peer.ratio.vite)} |`,
    )
  }
  const ms = peers.reduce((n, b) => n + b.esbuild.ms + b.vite.ms, 0)
  lines.push(
    '',
    'KB = 1024 B. Initial = entry chunk + its static imports; lazy = chunks behind `import()`. ' +
      'No define or Node polyfills needed for either build; Vite stubs the peer API-key stamper’s `crypto` import ' +
      `(its Node-only path). Peer builds took ${(ms / 1000).toFixed(1)} s.`,
  )
  return lines.join('\n')
}
