// React 18, the fixture package test/fixtures/react18 that the browser project's aliases name react18
// and react-dom18 (vite.config.ts), has no types here: React 19's describe what the tests use of it
// (createElement, StrictMode, createRoot, version).
declare module 'react18' {
  import React = require('react')
  export = React
}
declare module 'react-dom18' {
  export * from 'react-dom'
}
declare module 'react-dom18/client' {
  export * from 'react-dom/client'
}
