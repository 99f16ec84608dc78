/** The reports queue: filters, the table, pages of 5-50, export, and the side sheet where a report is resolved. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Permission } from '#features/auth/permission.tsx';
import { REPORT_REASONS } from '#features/social/index.ts';
import type { StaffReport } from '#protocol/staff.ts';
import { Button } from '#ui/button.tsx';
import { SelectField } from '#ui/field.tsx';
import { Pagination, usePageSize } from '#ui/pagination.tsx';
import { fetchReports } from '../staff.api.ts';
import { ColumnMenu, DataTable, type TableColumn, useHiddenColumns } from './data-table.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { ReportSheet } from './report-sheet.tsx';
import { usePaged, when } from './use-page.ts';

const ROUTE = 'staff-reports';

export function useReasonName() {
  const { i18n } = useLingui();
  return (type: number) => {
    const reason = REPORT_REASONS.find((r) => r.type === type);
    return reason ? i18n._(reason.label) : String(type);
  };
}

export function ReportsScreen() {
  const { t } = useLingui();
  const reasonName = useReasonName();
  const [status, setStatus] = useState<'open' | 'resolved' | ''>('open');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = usePageSize(ROUTE);
  const [open, setOpen] = useState<StaffReport | null>(null);
  const [exporting, setExporting] = useState(false);
  const filters = { status, type };
  const { list, total, loading, reload } = usePaged(
    () => fetchReports({ ...filters, page, size }),
    [status, type, page, size],
  );

  const statusName = (r: StaffReport) => (r.status === 'open' ? t`Open` : t`Resolved`);
  const columns: TableColumn<StaffReport>[] = [
    { key: 'id', label: t`Report`, text: (r) => String(r.id), copy: true },
    { key: 'reporter', label: t`Reporter`, text: (r) => r.reporter.username },
    { key: 'reported', label: t`Reported member`, text: (r) => r.reported.username, copy: true },
    { key: 'reason', label: t`Reason`, text: (r) => reasonName(r.type) },
    { key: 'count', label: t`Open reports on them`, text: (r) => String(r.count) },
    { key: 'time', label: t`Time`, text: (r) => when(r.createdAt) },
    { key: 'status', label: t`Status`, text: statusName },
  ];
  const [hidden, toggle] = useHiddenColumns(
    ROUTE,
    columns.map((c) => c.key),
  );

  return (
    <section aria-labelledby="reports-title" className="staff-section">
      <div className="staff-toolbar">
        <h2 id="reports-title" className="staff-h2">{t`Reports queue`}</h2>
        <div className="staff-filters">
          <SelectField
            label={t`Status`}
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as typeof status);
              setPage(1);
            }}
            options={[
              { value: 'open', label: t`Open` },
              { value: 'resolved', label: t`Resolved` },
              { value: '', label: t`All` },
            ]}
          />
          <SelectField
            label={t`Reason`}
            value={type}
            onChange={(e) => {
              setType(e.currentTarget.value);
              setPage(1);
            }}
            options={[
              { value: '', label: t`All` },
              ...REPORT_REASONS.map((r) => ({ value: String(r.type), label: reasonName(r.type) })),
            ]}
          />
        </div>
        <div className="staff-tools">
          <ColumnMenu columns={columns} hidden={hidden} onToggle={toggle} />
          <Button variant="secondary" size="sm" onClick={() => setExporting(true)}>{t`Export`}</Button>
        </div>
      </div>
      <DataTable
        caption={t`Reports`}
        columns={columns}
        hidden={hidden}
        rows={list}
        rowKey={(r) => r.id}
        loading={loading}
        empty={t`No reports here.`}
        actionLabel={t`Review`}
        action={(r) => (
          <Button size="sm" variant="secondary" onClick={() => setOpen(r)} aria-label={t`Review report ${r.id}`}>
            {t`Review`}
          </Button>
        )}
      />
      <Pagination
        page={page}
        size={size}
        total={total}
        onChange={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
      <Permission tag="report:read">
        <ReportSheet
          report={open}
          onClose={() => setOpen(null)}
          onResolved={() => {
            setOpen(null);
            reload();
          }}
        />
      </Permission>
      <ExportDialog
        open={exporting}
        onOpenChange={setExporting}
        table="reports"
        columns={columns.filter((c) => !hidden.includes(c.key))}
        fetchPage={(p, s) => fetchReports({ ...filters, page: p, size: s })}
      />
    </section>
  );
}
