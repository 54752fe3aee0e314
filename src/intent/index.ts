export {
  describePayload,
  type PayloadAction,
  type PayloadDescription,
  type PaymentAmount,
  type PaymentTerms,
} from './describePayload.js'
export { visibleText } from './visibleText.js'
