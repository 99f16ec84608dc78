/**
 * The console's table: desktop-first columns that become labelled cards on a phone, a column menu whose choice is
 * remembered per route name, copy buttons on copyable cells and an optional row action.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { readLocal, writeLocal } from '#lib/storage.ts';
import { type Column, columnsKey, hiddenColumns } from '../staff.rules.ts';
import { CopyButton } from './copy-button.tsx';

export interface TableColumn<Row> extends Column<Row> {
  /** The cell's content when it is more than its text. */
  render?: (row: Row) => ReactNode;
  copy?: boolean;
}

/** Hidden columns of a route, remembered in localStorage. */
export function useHiddenColumns(routeName: string, keys: readonly string[]) {
  const [hidden, setHidden] = useState(() => hiddenColumns(readLocal<unknown>(columnsKey(routeName), []), keys));
  const toggle = (key: string) => {
    const next = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
    writeLocal(columnsKey(routeName), next);
    setHidden(next);
  };
  return [hidden, toggle] as const;
}

export function ColumnMenu<Row>({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly TableColumn<Row>[];
  hidden: readonly string[];
  onToggle: (key: string) => void;
}) {
  const { t } = useLingui();
  return (
    <details className="column-menu">
      <summary className="btn btn-secondary btn-sm">{t`Columns`}</summary>
      <fieldset className="column-menu-list">
        <legend className="sr-only">{t`Columns to show`}</legend>
        {columns
          .filter((c) => c.hideable !== false)
          .map((c) => (
            <label key={c.key} className="column-menu-item">
              <input type="checkbox" checked={!hidden.includes(c.key)} onChange={() => onToggle(c.key)} />
              {c.label}
            </label>
          ))}
      </fieldset>
    </details>
  );
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly TableColumn<Row>[];
  hidden: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  loading: boolean;
  empty: string;
  /** The last cell: a button opening the row, for instance. */
  action?: (row: Row) => ReactNode;
  actionLabel?: string;
}

export function DataTable<Row>({
  caption,
  columns,
  hidden,
  rows,
  rowKey,
  loading,
  empty,
  action,
  actionLabel,
}: DataTableProps<Row>) {
  const { t } = useLingui();
  const shown = columns.filter((c) => !hidden.includes(c.key));
  return (
    <div className="table-wrap" aria-busy={loading || undefined}>
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            {action && <th scope="col">{actionLabel ?? <span className="sr-only">{t`Actions`}</span>}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td className="data-empty" colSpan={shown.length + (action ? 1 : 0)}>
                {loading ? t`Loading…` : empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((c) => (
                <td key={c.key} data-label={c.label}>
                  <span className="cell">
                    {c.render ? c.render(row) : <bdi>{c.text(row)}</bdi>}
                    {c.copy && c.text(row) && <CopyButton value={c.text(row)} label={c.label} />}
                  </span>
                </td>
              ))}
              {action && <td className="data-action">{action(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
