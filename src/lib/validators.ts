/** The shared rules of docs/product.md, Validation, re-exported so forms import them from lib/. */

export { LIMITS } from '#protocol/constants.ts';
export { isEmail, isNonEmpty, isPasswordLength, isSafeText, isUsername } from '#protocol/validators.ts';
