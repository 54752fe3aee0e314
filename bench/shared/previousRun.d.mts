/** Types of previousRun.mjs, for the tests that import it. */
export declare function previousRun(
  markdown: string,
): { date: string; commit: string | undefined } | undefined
