/** The console's pure rules: CSV, the export's page walk (1,200 rows in 3 pages, progress, cancel), column memory. */
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_PAGE_SIZE } from '#protocol/staff.ts';
import { csvField, exportPercent, hiddenColumns, loadAll, toCsv } from './staff.rules.ts';

describe('CSV', () => {
  it('quotes what needs it and defuses formula cells', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
  });
  it('writes a header and CRLF rows with a BOM', () => {
    const csv = toCsv([{ key: 'n', label: 'Name', text: (r: { n: string }) => r.n }], [{ n: '张伟' }, { n: 'a\nb' }]);
    expect(csv).toBe('\uFEFFName\r\n张伟\r\n"a\nb"\r\n');
  });
});

describe('loadAll', () => {
  const rows = Array.from({ length: 1200 }, (_, i) => i);
  const fetchPage = vi.fn(async (page: number, size: number) => ({
    list: rows.slice((page - 1) * size, page * size),
    total: rows.length,
  }));

  it('loads 1,200 rows in 3 pages of 500 with progress 41, 83, 100', async () => {
    fetchPage.mockClear();
    const seen: number[] = [];
    const all = await loadAll(
      fetchPage,
      (loaded, total) => seen.push(exportPercent(loaded, total)),
      () => false,
    );
    expect(all).toEqual(rows);
    expect(fetchPage.mock.calls).toEqual([
      [1, EXPORT_PAGE_SIZE],
      [2, EXPORT_PAGE_SIZE],
      [3, EXPORT_PAGE_SIZE],
    ]);
    expect(seen).toEqual([41, 83, 100]);
  });

  it('stops when cancelled between pages and answers null', async () => {
    fetchPage.mockClear();
    let cancel = false;
    const result = await loadAll(
      fetchPage,
      () => {
        cancel = true;
      },
      () => cancel,
    );
    expect(result).toBeNull();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('an empty table is one page and 100%', async () => {
    const seen: number[] = [];
    expect(
      await loadAll(
        async () => ({ list: [], total: 0 }),
        (l, t) => seen.push(exportPercent(l, t)),
        () => false,
      ),
    ).toEqual([]);
    expect(seen).toEqual([100]);
  });
});

describe('hiddenColumns', () => {
  it('keeps only known keys from what was stored', () => {
    expect(hiddenColumns(['a', 'gone', 3], ['a', 'b'])).toEqual(['a']);
    expect(hiddenColumns('junk', ['a'])).toEqual([]);
  });
});
