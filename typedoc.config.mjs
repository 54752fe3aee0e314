// The documentation site: the guides (docs/guides, project documents) beside the API reference
// generated from the TSDoc of every public entry, one TypeDoc site. Its entries are the package's
// subpath exports, mapped onto their sources by build/entrySources.mjs; docs/moduleNames.mjs
// names each module after its import specifier. Warnings (a broken {@link}, a link to a page that
// does not exist, a type no entry exports) fail the build.
import { readFileSync } from 'node:fs'
import { entrySources } from './build/entrySources.mjs'

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))

// The root last: it re-exports the client and the errors, whose own entries then hold their pages.
const entryPoints = [...entrySources(packageJson.exports)]
  .sort(([a], [b]) => Number(a === '.') - Number(b === '.'))
  .map(([, source]) => source)

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: packageJson.name,
  entryPoints,
  tsconfig: 'tsconfig.build.json',
  out: 'docs/site',
  readme: 'docs/index.md',
  projectDocuments: ['docs/guides/*.md'],
  plugin: ['./docs/moduleNames.mjs'],
  excludePrivate: true,
  excludeInternal: true,
  // What a type inherits from a library (ExpressLikeRequest from Node's IncomingMessage) is that
  // library's to document; its comments' links point into its own site.
  excludeExternals: true,
  treatWarningsAsErrors: true,
  validation: { invalidLink: true, notExported: true, notDocumented: false, rewrittenLink: true },
  // Helper types the public ones are built from, shown inline where they are used (no import of
  // them is possible). Any other unexported type a public one names still fails the build.
  intentionallyNotExported: [
    'BaseTestArgs',
    'BaseWorkerArgs',
    'ElementMethod',
    'Fetch',
    'IdTokenGetter',
    'Pascal',
    'View',
    'WalletTag',
    'WebhookEnvelope',
    'WritableKeys',
  ],
  // Node's own docs for what ExpressLikeRequest inherits from IncomingMessage.
  externalSymbolLinkMappings: { '@types/node': { '*': 'https://nodejs.org/api/' } },
  highlightLanguages: [
    'bash',
    'console',
    'css',
    'html',
    'http',
    'javascript',
    'json',
    'sh',
    'tsx',
    'typescript',
  ],
  groupOrder: ['Guides', '*'],
  navigation: { includeGroups: true, includeCategories: false, includeFolders: false },
  githubPages: false,
  disableSources: true,
  // npm test type-checks the source already (npm run typecheck).
  skipErrorChecking: true,
  customCss: 'docs/site.css',
}
