/** Types of browserChunks.mjs, for the tests that import it. */
export declare function packageOfSource(source: string): string | undefined
export declare function browserEntries(pkg: {
  exports: Record<string, string | { default: string }>
}): Record<string, string>
export declare function browserChunkProblems(options: { root: string }): Promise<string[]>
export declare function inspectBrowserChunks(options: {
  root: string
}): Promise<{ problems: string[]; imported: string[] }>
