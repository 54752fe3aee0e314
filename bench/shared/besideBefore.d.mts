/** Types of besideBefore.mjs, for the tests that import it. */
export interface MarkdownTable {
  start: number
  section: string
  header: string[]
  rows: string[][]
}
export declare function markdownTables(markdown: string): MarkdownTable[]
export declare function besideBefore(
  markdown: string,
  previous: string,
  options: { columns: string[] },
): string
