/**
 * Each code subpath of package.json's `exports` (as written there: `.`, `./client`) → its source
 * file, relative to the root, in the order `exports` lists them.
 *
 * @example
 * ```ts
 * entrySources(packageJson.exports).get('./client') // 'src/client/index.ts'
 * ```
 */
export declare function entrySources(exports: Record<string, unknown>): Map<string, string>
