/**
 * Members' own text (names, signs, search words) may hold right-to-left characters or bidirectional controls such as
 * U+202E; shown beside our text they could reorder it ('gnp.exe' read as 'exe.png'). In markup, user text goes in
 * `<bdi>` (inline) or an element with `dir="auto"` (blocks); in strings (translated sentences, aria-labels, toasts)
 * it is wrapped by `isolate`, which puts it between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
