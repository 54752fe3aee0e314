/** Types of installTypes.mjs, for the tests that import it. */
export declare const FRAMEWORK_PEERS: Record<
  string,
  { group: string; packages: Record<string, string>; bundlerOnly?: boolean }
>
export declare function isNodeEntry(subpath: string): boolean
export declare function importEvery(name: string, subpaths: string[]): string
export declare function typeGroups(subpaths: string[]): {
  name: string
  subpaths: string[]
  node: boolean
  packages: Record<string, string>
  bundlerOnly: boolean
}[]
export declare function checkPublicTypes(appDir: string, options: { root: string }): Promise<string[]>
