export { JsCantonError } from './JsCantonError.js';
