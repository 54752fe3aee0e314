#!/usr/bin/env node
// Runs the sandbox CLI from the built package (`npm run build` first when working in the repo).
import { main } from '../dist/sandbox-cli.js'

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
