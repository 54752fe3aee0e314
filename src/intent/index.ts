export { describePayload, type PayloadAction, type PayloadDescription } from './describePayload.js'
