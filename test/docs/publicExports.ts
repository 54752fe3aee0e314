// What each public entry of the package exports, read by TypeScript from the kit's source: the
// subpaths of package.json's exports, mapped onto their sources by build/entrySources.mjs (as the
// site's typedoc.config.mjs maps them), and for each exported name its TSDoc's summary and @example.
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { entrySources } from '../../build/entrySources.mjs'
import { ROOT } from './markdown.js'

/** One exported name of an entry. */
export interface PublicExport {
  name: string
  /** A value (function, class, schema, constant), not only a type. */
  isValue: boolean
  /** The first line of its summary, as a reader sees it (code spans and links as their text). */
  summary: string
  /** The code of its first @example (fences left out); empty when it has none. */
  example: string
}

/** The package's public entries: import specifier → source file (relative to the root). */
export function publicEntries(): Map<string, string> {
  const { name, exports } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
    name: string
    exports: Record<string, unknown>
  }
  return new Map(
    [...entrySources(exports)].map(([subpath, source]) => [
      subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
      source,
    ]),
  )
}

/** Every exported name of each entry (specifier → its exports). */
export function publicExports(): Map<string, PublicExport[]> {
  const entries = publicEntries()
  const program = ts.createProgram(
    [...entries.values()].map((source) => `${ROOT}${source}`),
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node'],
    },
  )
  const checker = program.getTypeChecker()
  return new Map(
    [...entries].map(([specifier, source]) => {
      const file = program.getSourceFile(`${ROOT}${source}`)
      const module = file && checker.getSymbolAtLocation(file)
      const symbols = module ? checker.getExportsOfModule(module) : []
      return [specifier, symbols.map((symbol) => describeExport(symbol, checker))]
    }),
  )
}

/** An export's name, kind, summary and example. */
function describeExport(symbol: ts.Symbol, checker: ts.TypeChecker): PublicExport {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  const tag = target.getJsDocTags(checker).find((candidate) => candidate.name === 'example')
  const summary = ts.displayPartsToString(target.getDocumentationComment(checker)).split('\n')[0] ?? ''
  return {
    name: symbol.getName(),
    isValue: (target.flags & ts.SymbolFlags.Value) !== 0,
    summary: summary
      .replace(/\{@link(?:code|plain)? ([^}|\s]+)[^}]*\}/g, '$1')
      .replaceAll('`', '')
      .trim(),
    example: ts
      .displayPartsToString(tag?.text)
      .replace(/^```\w*$/gm, '')
      .trim(),
  }
}
