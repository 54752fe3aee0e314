// The README's code, read as its reader copies it: the fenced blocks of each section, and a strict
// TypeScript check of snippets against the kit's source, the package's subpaths mapped onto it
// (as an app importing the package by name resolves them). Used by readme.test.ts (every section)
// and elements/frameworksReadme.test.ts (the elements section and the framework typings).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository's root directory (with a trailing slash). */
export const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** README.md as committed. */
export const README = readFileSync(`${ROOT}README.md`, 'utf8')

/** One fenced block of the README. */
export interface ReadmeBlock {
  /** The heading the block sits under (the nearest `##` or `###` above it), without the hashes. */
  heading: string
  /** The fence's language (`ts`, `tsx`, `html`, `sh`, …; empty when none is given). */
  lang: string
  code: string
  /** 1-based line of the opening fence. */
  line: number
}

/** Every fenced block of `markdown`, with the heading it sits under. */
export function readmeBlocks(markdown: string = README): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = []
  const lines = markdown.split('\n')
  let heading = ''
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    const title = /^#{1,6} (.*)$/.exec(line)
    if (title) heading = title[1] ?? ''
    const fence = /^```(\w*)\s*$/.exec(line)
    if (!fence) continue
    const start = index
    const body: string[] = []
    for (index++; index < lines.length && !/^```\s*$/.test(lines[index] ?? ''); index++)
      body.push(lines[index] ?? '')
    blocks.push({ heading, lang: fence[1] ?? '', code: `${body.join('\n')}\n`, line: start + 1 })
  }
  return blocks
}

/** The module script of an HTML block, if it has one. */
export function moduleScript(html: string): string | undefined {
  return /<script type="module">\n([\s\S]*?)<\/script>/.exec(html)?.[1]
}

/** Where a snippet runs: in a page (DOM, no Node globals) or in Node (Node's globals, no DOM). */
export type SnippetEnvironment = 'browser' | 'node'

/** Options of `typeCheck`. */
export interface TypeCheckOptions {
  environment: SnippetEnvironment
  /** Declarations of what the snippets take from the app around them (a `.d.ts` module). */
  globals?: string
}

/**
 * TypeScript's diagnostics (`file:line TScode: message`) for `files` (name → source), compiled
 * together under strict, against the kit's source. Only the files' own diagnostics are returned.
 */
export function typeCheck(
  files: Record<string, string>,
  { environment, globals = 'export {}' }: TypeCheckOptions,
): string[] {
  const virtual = new Map(
    Object.entries({ 'app-globals.d.ts': globals, ...files }).map(([name, source]) => [
      `${ROOT}readme/${name}`,
      source,
    ]),
  )
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    checkJs: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib:
      environment === 'browser'
        ? ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts']
        : ['lib.es2022.d.ts'],
    types: environment === 'node' ? ['node'] : [],
    baseUrl: ROOT,
    paths: {
      'embedded-wallet-auth': ['src/index.ts'],
      'embedded-wallet-auth/errors': ['src/errors.ts'],
      'embedded-wallet-auth/*': ['src/*/index.ts'],
    },
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (fileName, language, ...rest) => {
    const text = virtual.get(fileName)
    return text === undefined
      ? getSourceFile(fileName, language, ...rest)
      : ts.createSourceFile(fileName, text, language)
  }
  const fileExists = host.fileExists
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists(fileName)
  const program = ts.createProgram([...virtual.keys()], options, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file === undefined || virtual.has(diagnostic.file.fileName))
    .map((diagnostic) => {
      const where =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
          : undefined
      const at = diagnostic.file
        ? `${diagnostic.file.fileName.slice(ROOT.length)}:${(where?.line ?? 0) + 1}`
        : ''
      return `${at} TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
    })
}
