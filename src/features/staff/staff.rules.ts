/**
 * Pure rules of the console: CSV of a table (RFC 4180, formula cells neutralised), the export's page walk and
 * progress, and the column-visibility key per route name (docs/product.md, Routes and Dialogs and widgets).
 */
import type { PageOf } from '#protocol/social.ts';
import { EXPORT_PAGE_SIZE } from '#protocol/staff.ts';

export interface Column<Row> {
  key: string;
  label: string;
  /** Text for the cell and the CSV. */
  text: (row: Row) => string;
  /** Shown in the table's column menu, and hideable (default true). */
  hideable?: boolean;
}

/** One CSV field: quoted when needed; a leading =, +, - or @ is prefixed with ' so spreadsheets never run it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvField(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.text(row))).join(','));
  // The byte order mark lets spreadsheet programs read UTF-8 (names in any script).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Whole percent of `loaded` out of `total`; 100 for an empty table. */
export function exportPercent(loaded: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/**
 * Loads every row, EXPORT_PAGE_SIZE at a time, telling `onProgress` after each page; stops (answering null) as soon
 * as `cancelled()` says so, before or after a page.
 */
export async function loadAll<Row>(
  fetchPage: (page: number, size: number) => Promise<PageOf<Row>>,
  onProgress: (loaded: number, total: number) => void,
  cancelled: () => boolean,
): Promise<Row[] | null> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    if (cancelled()) return null;
    const { list, total } = await fetchPage(page, EXPORT_PAGE_SIZE);
    if (cancelled()) return null;
    rows.push(...list);
    onProgress(rows.length, total);
    if (list.length < EXPORT_PAGE_SIZE || rows.length >= total) return rows;
  }
}

export const columnsKey = (routeName: string) => `columns:${routeName}`;

/** The hidden column keys stored for a route, keeping only keys the table still has. */
export function hiddenColumns(stored: unknown, known: readonly string[]): string[] {
  return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string' && known.includes(k)) : [];
}

/** The file name of an export: the table's name and the day. */
export function exportFileName(table: string, now: Date): string {
  return `amity-${table}-${now.toISOString().slice(0, 10)}.csv`;
}
