/**
 * What the customer portal (features/portal) uses of the forms: checking, rendering and storing an
 * answer the way the public fill page does. One surface, so the portal reads no module of this
 * feature but its services (the server-feature-insides lint rule).
 */
export { applyAnswerToRecords } from './answer-records';
export { answerSheet } from './answer-sheet.render';
export { checkAnswers, type RawAnswers } from './answers';
export { loadBrand } from './brand';
export { type FormPageModel, formPage, groupPosted, pageStyle, signatureScript } from './public-form.render';
export {
  answerOfCustomer,
  answersOfCustomer,
  formsByIds,
  maxAnswerChars,
  storeAnswer,
  updateCustomerAnswer,
} from './query-forms.service';
export { postedInTime, timeTokens } from './time-token';
