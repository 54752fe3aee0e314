/**
 * The whole browser kit in one module, elements included: the entry of the no-bundler browser file
 * `dist/browser/wallet.js`, for pages without a bundler.
 *
 * @packageDocumentation
 */
export * from '../elements/index.js'
export * from '../index.js'
