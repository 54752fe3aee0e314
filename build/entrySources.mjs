// The package's public entries and their sources, one rule for every tool that maps them (the
// site's typedoc.config.mjs, the docs and TSDoc tests): a subpath export of package.json (`.`,
// `./client`, …; `./package.json` is not code) is built from its folder's index.ts, `.` and
// `./errors` from a file of src/ itself.

/**
 * Each code subpath of package.json's `exports` (as written there: `.`, `./client`) → its source
 * file, relative to the root, in the order `exports` lists them.
 *
 * @example
 * ```js
 * entrySources(packageJson.exports).get('./client') // 'src/client/index.ts'
 * ```
 * @param {Record<string, unknown>} exports package.json's `exports`
 * @returns {Map<string, string>}
 */
export function entrySources(exports) {
  return new Map(
    Object.keys(exports)
      // `./package.json` and the signer document's static files are not code entries.
      .filter((subpath) => !subpath.endsWith('.json') && !subpath.includes('*'))
      .map((subpath) => {
        const name = subpath === '.' ? 'index' : subpath.slice(2)
        return [subpath, `src/${name === 'index' || name === 'errors' ? name : `${name}/index`}.ts`]
      }),
  )
}
