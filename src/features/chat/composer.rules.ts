/** Pure rules for what the composer may send. Only the message pane uses them, so they load with it. */

/** A text is sendable only with a non-whitespace character (docs/product.md, Validation) and within the limit. */
export function canSendText(text: string, limit: number): boolean {
  return /\S/.test(text) && text.length <= limit;
}
