/** The reports queue: filters, the table, pages of 5-50, export, and the side sheet where a report is resolved. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Permission } from '#features/auth/permission.tsx';
import { REPORT_REASONS } from '#features/social/index.ts';
import type { StaffReport } from '#protocol/staff.ts';
import { Button } from '#ui/button.tsx';
import { SelectField } from '#ui/field.tsx';
import { fetchReports } from '../staff.api.ts';
import type { TableColumn } from './data-table.tsx';
import { PagedTable } from './paged-table.tsx';
import { useReasonName } from './reason-name.ts';
import { ReportSheet } from './report-sheet.tsx';
import { when } from './use-page.ts';

const ROUTE = 'staff-reports';

export function ReportsScreen() {
  const { t } = useLingui();
  const reasonName = useReasonName();
  const [status, setStatus] = useState<'open' | 'resolved' | ''>('open');
  const [type, setType] = useState('');
  const [open, setOpen] = useState<StaffReport | null>(null);
  const [version, setVersion] = useState(0);

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
  return (
    <section aria-labelledby="reports-title" className="staff-section">
      <PagedTable
        route={ROUTE}
        table="reports"
        heading={<h2 id="reports-title" className="staff-h2">{t`Reports queue`}</h2>}
        filters={
          <>
            <SelectField
              label={t`Status`}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
              options={[
                { value: 'open', label: t`Open` },
                { value: 'resolved', label: t`Resolved` },
                { value: '', label: t`All` },
              ]}
            />
            <SelectField
              label={t`Reason`}
              value={type}
              onChange={(e) => setType(e.currentTarget.value)}
              options={[
                { value: '', label: t`All` },
                ...REPORT_REASONS.map((r) => ({ value: String(r.type), label: reasonName(r.type) })),
              ]}
            />
          </>
        }
        query={[status, type]}
        version={version}
        fetchPage={(page, size) => fetchReports({ status, type, page, size })}
        caption={t`Reports`}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t`No reports here.`}
        actionLabel={t`Review`}
        action={(r) => (
          <Button size="sm" variant="secondary" onClick={() => setOpen(r)} aria-label={t`Review report ${r.id}`}>
            {t`Review`}
          </Button>
        )}
      />
      <Permission tag="report:read">
        <ReportSheet
          report={open}
          onClose={() => setOpen(null)}
          onResolved={() => {
            setOpen(null);
            setVersion((v) => v + 1);
          }}
        />
      </Permission>
    </section>
  );
}
