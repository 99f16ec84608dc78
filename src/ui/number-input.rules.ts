/**
 * The number input's rule (docs/product.md, Validation): keeps only digits and one dot (and a leading minus when
 * allowed), at most `decimals` decimals (default 2, 0 for a whole number, never above 10), no leading zeros, and
 * at most `max` when given. Pure: the component calls it on every keystroke.
 */
export interface NumberRule {
  decimals?: number;
  max?: number;
  negative?: boolean;
}

export const MAX_DECIMALS = 10;

export function keepNumber(typed: string, { decimals = 2, max, negative = false }: NumberRule = {}): string {
  const places = Math.max(0, Math.min(MAX_DECIMALS, Math.floor(decimals)));
  const minus = negative && typed.trimStart().startsWith('-') ? '-' : '';
  let text = typed.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = `${text.slice(0, dot + 1)}${text.slice(dot + 1).replace(/\./g, '')}`;
  let [whole = '', fraction] = text.split('.') as [string, string | undefined];
  // No leading zeros: '007' is '7', '0.5' stays, '.5' becomes '0.5'.
  whole = whole.replace(/^0+(?=\d)/, '');
  if (fraction !== undefined && whole === '') whole = '0';
  if (places === 0 || fraction === undefined) text = whole;
  else text = `${whole}.${fraction.slice(0, places)}`;
  if (max !== undefined && text !== '' && Number(text) > max) text = String(max);
  return text === '' ? minus : `${minus}${text}`;
}

/** The number the text stands for, or undefined while it is empty or unfinished ('-', '5.'). */
export function numberOf(text: string): number | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}
