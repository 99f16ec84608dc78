/**
 * A console list as every staff screen shows it: a toolbar (heading, filters, column menu, Export), the table, its
 * pages (sizes remembered per route name) and the export dialog of the same shown columns and filters.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { PageOf } from '#protocol/social.ts';
import { Button } from '#ui/button.tsx';
import { Pagination, usePageSize } from '#ui/pagination.tsx';
import { ColumnMenu, DataTable, type DataTableProps, useHiddenColumns } from './data-table.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { usePaged } from './use-page.ts';

interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'hidden' | 'rows' | 'loading'> {
  /** Names the remembered page size and hidden columns. */
  route: string;
  /** The export's file name. */
  table: string;
  heading: ReactNode;
  filters?: ReactNode;
  /** What the query depends on besides the page: a change goes back to page 1. */
  query?: readonly unknown[];
  /** Bumped by the screen to load the page again (after resolving a report, say). */
  version?: number;
  fetchPage: (page: number, size: number) => Promise<PageOf<Row>>;
}

export function PagedTable<Row>({
  route,
  table,
  heading,
  filters,
  query = [],
  version = 0,
  fetchPage,
  columns,
  ...tableProps
}: PagedTableProps<Row>) {
  const { t } = useLingui();
  const queryKey = JSON.stringify(query);
  // The page belongs to one query: other filters start again at page 1 (state adjusted while rendering).
  const [at, setAt] = useState({ queryKey, page: 1 });
  if (at.queryKey !== queryKey) setAt({ queryKey, page: 1 });
  const page = at.queryKey === queryKey ? at.page : 1;
  const [size, setSize] = usePageSize(route);
  const [exporting, setExporting] = useState(false);
  const { list, total, loading } = usePaged(() => fetchPage(page, size), [queryKey, page, size, version]);
  const [hidden, toggle] = useHiddenColumns(
    route,
    columns.map((c) => c.key),
  );
  return (
    <>
      <div className="staff-toolbar">
        {heading}
        {filters && <div className="staff-filters">{filters}</div>}
        <div className="staff-tools">
          <ColumnMenu columns={columns} hidden={hidden} onToggle={toggle} />
          <Button variant="secondary" size="sm" onClick={() => setExporting(true)}>{t`Export`}</Button>
        </div>
      </div>
      <DataTable {...tableProps} columns={columns} hidden={hidden} rows={list} loading={loading} />
      <Pagination
        page={page}
        size={size}
        total={total}
        onChange={(p, s) => {
          setAt({ queryKey, page: p });
          setSize(s);
        }}
      />
      <ExportDialog
        open={exporting}
        onOpenChange={setExporting}
        table={table}
        columns={columns.filter((c) => !hidden.includes(c.key))}
        fetchPage={fetchPage}
      />
    </>
  );
}
