// @vitest-environment happy-dom
/**
 * The console's table widgets (docs/product.md, Dialogs and widgets): the column menu hides a column and the choice
 * is remembered per route name (another route keeps its own); copy buttons copy the cell and say '已复制' in the
 * member's language.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { renderWithApp } from '#ui/test-render.tsx';
import { Toaster } from '#ui/toast.tsx';
import { ColumnMenu, DataTable, type TableColumn, useHiddenColumns } from './data-table.tsx';

interface Row {
  id: number;
  email: string;
}
const COLUMNS: TableColumn<Row>[] = [
  { key: 'id', label: 'Member ID', text: (r) => String(r.id) },
  { key: 'email', label: 'Email', text: (r) => r.email, copy: true },
];
const ROWS: Row[] = [{ id: 7, email: 'ana@example.com' }];

function Table({ route }: { route: string }) {
  const [hidden, toggle] = useHiddenColumns(
    route,
    COLUMNS.map((c) => c.key),
  );
  return (
    <ScreenCatalog>
      <ColumnMenu columns={COLUMNS} hidden={hidden} onToggle={toggle} />
      <DataTable
        caption="Members"
        columns={COLUMNS}
        hidden={hidden}
        rows={ROWS}
        rowKey={(r) => r.id}
        loading={false}
        empty="No members."
      />
      <Toaster />
    </ScreenCatalog>
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('column visibility', () => {
  it('hides a column and remembers it for that route name only', async () => {
    const first = renderWithApp(<Table route="staff-members" />);
    await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(headers()).toEqual(['Member ID', 'Email']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(headers()).toEqual(['Member ID']);
    expect(screen.queryByText('ana@example.com')).toBeNull();
    first.unmount();

    // Back on the same route later: still hidden. Another route: its own choice (all shown).
    const again = renderWithApp(<Table route="staff-members" />);
    await screen.findByRole('table');
    expect(headers()).toEqual(['Member ID']);
    expect((screen.getByRole('checkbox', { name: 'Email' }) as HTMLInputElement).checked).toBe(false);
    again.unmount();
    renderWithApp(<Table route="staff-reports" />);
    await screen.findByRole('table');
    expect(headers()).toEqual(['Member ID', 'Email']);
  });
});

describe('copy buttons', () => {
  it("copy the cell's text and say so", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(<Table route="staff-members" />);
    const cell = await screen.findByRole('cell', { name: /ana@example.com/ }, { timeout: 10_000 });
    fireEvent.click(within(cell).getByRole('button', { name: 'Copy Email' }));
    expect(writeText).toHaveBeenCalledWith('ana@example.com');
    await screen.findByText('Copied');
    vi.unstubAllGlobals();
  });
});
