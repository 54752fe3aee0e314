// A strict TypeScript check of code a reader copies from the docs, against the kit's source, the
// package's subpaths mapped onto it (as an app importing the package by name resolves them). Used
// by snippets.test.ts (every markdown file) and elements/frameworksReadme.test.ts (the typings).
import ts from 'typescript'
import { ROOT } from './markdown.js'

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
      `${ROOT}snippets/${name}`,
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
