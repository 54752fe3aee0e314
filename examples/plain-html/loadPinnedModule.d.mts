/** Types of loadPinnedModule.mjs, for the Playwright spec. */
export declare function loadPinnedModule(module: {
  src: string
  integrity: string
}): Promise<{ outcome: 'ran' | 'refused'; tamperedRan: string[] }>
