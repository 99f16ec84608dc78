/**
 * Uploads (docs/product.md, Uploads): the uploader component, the one image upload (md5 name, COS-style signed form
 * with the cached `cts` signature, direct upload as the fallback), the image checker and the halving of photos over
 * the limit. Chat photos, the square's composer and the profile's avatar all go through here.
 */
export { type UploadedImage, Uploader, type UploaderProps } from './screens/uploader.tsx';
export { halveUntilFits, MAX_HALVINGS, type ShrinkDeps } from './shrink-image.ts';
export { SIGN_CACHE_KEY, signatureFor, type UploadOptions, uploadImage } from './upload.api.ts';
export {
  acceptPick,
  checkImage,
  extensionOf,
  formatBytes,
  type ImageProblem,
  signatureUsable,
  uploadName,
} from './upload.rules.ts';
