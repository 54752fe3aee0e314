/** Types of installSize.mjs, for the tests that import it. */
export interface InstalledPackage {
  path: string
  name: string
  version: string
  bytes: number
  /** Names it requires (dependencies, optional and peer ones). */
  requires?: string[]
}
export interface InstallMeasure {
  packages: InstalledPackage[]
  count: number
  bytes: number
  /** Bytes allocated on disk (`du`); absent in hand-made measures. */
  disk?: number
}
export declare const INSTALL_BUDGET: { packages: number; bytes: number }
export declare const BEFORE: {
  commit: string
  packages: number
  distinct: number
  bytes: number
  disk: number
}
export declare const SECTION_HEADING: string
export declare function packAndInstall(options: {
  root: string
}): Promise<{ dir: string; appDir: string; tarball: string }>
export declare function removeInstall(install: { dir: string }): Promise<void>
export declare function measureInstall(appDir: string): Promise<InstallMeasure>
export declare function installProblems(
  measure: InstallMeasure,
  options: { ownName: string; used?: string[]; budget?: { packages: number; bytes: number } },
): string[]
export declare function installMarkdown(
  measure: InstallMeasure,
  options?: { budget?: { packages: number; bytes: number }; before?: typeof BEFORE },
): string
export declare function replaceSection(document: string, section: string): string
export declare function requiredClosure(packages: InstalledPackage[], names: string[]): Set<string>
