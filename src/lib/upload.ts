/**
 * Multipart uploads with progress (docs/product.md, Uploads: a progress bar while uploading). fetch cannot tell
 * how much of a request body has gone, XMLHttpRequest can, so uploads take this path instead of ky; lib/http.ts
 * still owns the headers (`http.headers()`) and the envelope's meaning. Only upload code imports this file, so it
 * stays out of every first load.
 */
import { REQUEST_TIMEOUT_MS } from '#protocol/constants.ts';
import { parseBody } from './http.ts';

export interface SendFormOptions {
  headers?: Record<string, string>;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Given up when no byte has moved for this long (a whole photo may take longer on a slow phone network). */
  stallMs?: number;
}

export interface FormReply {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON, or null when empty. */
  body: unknown;
}

/** Rejects with a TypeError on a network failure or stall, an AbortError when aborted. */
export function sendForm(url: string, form: FormData, options: SendFormOptions = {}): Promise<FormReply> {
  const { headers = {}, onProgress, signal, stallMs = REQUEST_TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(stall);
      signal?.removeEventListener('abort', abort);
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), stallMs);
    };
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      watch();
      onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    };
    xhr.onload = () => {
      finish();
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      finish();
      reject(new TypeError('Network error'));
    };
    xhr.onabort = () => {
      finish();
      reject(signal?.aborted ? new DOMException('Aborted', 'AbortError') : new TypeError('Upload stalled'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort);
    watch();
    xhr.send(form);
  });
}
