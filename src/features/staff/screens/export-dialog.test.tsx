// @vitest-environment happy-dom
/**
 * The export dialog as staff use it (issue 13): 1,200 rows fetched in 3 pages of 500 with the percentage on screen,
 * one CSV of every row in the columns shown; Cancel or closing the dialog stops the walk; a failed page says
 * '下载文件出现错误，请联系管理员！' in the member's language.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageOf } from '#protocol/social.ts';
import { EXPORT_PAGE_SIZE } from '#protocol/staff.ts';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { renderWithApp } from '#ui/test-render.tsx';
import { Toaster } from '#ui/toast.tsx';
import { ExportDialog } from './export-dialog.tsx';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 1200 }, (_, i) => ({ id: i + 1, name: `member_${i + 1}` }));
const COLUMNS = [
  { key: 'id', label: 'Member ID', text: (r: Row) => String(r.id) },
  { key: 'name', label: 'Username', text: (r: Row) => r.name },
];

/** A server whose pages answer only when the test says so, to look at the dialog between pages. */
function pagedServer() {
  const waiting: (() => void)[] = [];
  const fetchPage = vi.fn(
    (page: number, size: number) =>
      new Promise<PageOf<Row>>((resolve) => {
        waiting.push(() => resolve({ list: ROWS.slice((page - 1) * size, page * size), total: ROWS.length }));
      }),
  );
  const answer = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    await act(async () => waiting.shift()?.());
  };
  return { fetchPage, answer };
}

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ fetchPage }: { fetchPage: (page: number, size: number) => Promise<PageOf<Row>> }) {
  const [open, setOpen] = useState(true);
  return (
    <ScreenCatalog>
      <ExportDialog open={open} onOpenChange={setOpen} table="members" columns={COLUMNS} fetchPage={fetchPage} />
      <Toaster />
    </ScreenCatalog>
  );
}

/** The dialog open, its texts and radix loaded (the first render of a file loads them, which takes a moment). */
async function openDialog(fetchPage: (page: number, size: number) => Promise<PageOf<Row>>) {
  renderWithApp(<Harness fetchPage={fetchPage} />);
  return screen.findByRole('button', { name: 'Export' }, { timeout: 10_000 });
}

const progress = () => screen.getByRole('progressbar', { name: 'Export progress' });

describe('ExportDialog', () => {
  it('fetches 1,200 rows in 3 pages of 500, showing 41%, 83%, then the download of every row', async () => {
    const server = pagedServer();
    fireEvent.click(await openDialog(server.fetchPage));
    await screen.findByText('0% loaded');
    await server.answer();
    await screen.findByText('41% loaded');
    expect(progress().getAttribute('value')).toBe('41');
    await server.answer();
    await screen.findByText('83% loaded');
    await server.answer();
    await screen.findByText('Downloaded');
    expect(server.fetchPage.mock.calls).toEqual([
      [1, EXPORT_PAGE_SIZE],
      [2, EXPORT_PAGE_SIZE],
      [3, EXPORT_PAGE_SIZE],
    ]);
    expect(saved).toHaveLength(1);
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(1201);
    expect(lines[0]).toBe('Member ID,Username');
    expect(lines[1200]).toBe('1200,member_1200');
    expect(screen.getByRole('button', { name: 'Export again' })).toBeTruthy();
  });

  it('Cancel stops after the page in flight: no further page, no file', async () => {
    const server = pagedServer();
    fireEvent.click(await openDialog(server.fetchPage));
    await server.answer();
    await screen.findByText('41% loaded');
    await waitFor(() => expect(server.fetchPage).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Ready');
    await server.answer();
    expect(server.fetchPage).toHaveBeenCalledTimes(2);
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('closing the dialog stops the export too', async () => {
    const server = pagedServer();
    fireEvent.click(await openDialog(server.fetchPage));
    await server.answer();
    await screen.findByText('41% loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await server.answer();
    expect(server.fetchPage).toHaveBeenCalledTimes(2);
    expect(saved).toHaveLength(0);
  });

  it("a failed page says so in the member's language and saves nothing", async () => {
    const fetchPage = vi.fn(async () => {
      throw new Error('network');
    });
    fireEvent.click(await openDialog(fetchPage));
    await screen.findByText('Error downloading the file, please contact the administrator!');
    expect(saved).toHaveLength(0);
    await screen.findByText('Ready');
  });
});
