/** Types of shippedLicenses.mjs, for the tests that import it. */
export declare function shippedLicenseProblems(packageDir: string): Promise<string[]>
