/** The audit log: every staff action with who, what, when, before and after; paged and exportable. */
import { useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '#protocol/staff.ts';
import { fetchAudit } from '../staff.api.ts';
import type { TableColumn } from './data-table.tsx';
import { PagedTable } from './paged-table.tsx';
import { when } from './use-page.ts';

const ROUTE = 'staff-audit';
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** An audit row's action in words (the codes staff.service.ts writes); an unknown code as it is. */
export function useActionName() {
  const { t } = useLingui();
  const names: Record<string, string> = {
    'report.dismiss': t`Report dismissed`,
    'report.warn': t`Report: member warned`,
    'report.suspend': t`Report: member suspended`,
    'member.suspend': t`Member suspended`,
    'member.restore': t`Member restored`,
    'balance.grant.character': t`Characters granted`,
    'balance.grant.gold': t`Gold coins granted`,
    'catalog.package': t`Package edited`,
    'catalog.plan': t`Plan edited`,
    'staff.permissions': t`Permissions set`,
  };
  return (action: string) => names[action] ?? action;
}

export function AuditScreen() {
  const { t } = useLingui();
  const actionName = useActionName();
  const targets: Record<string, string> = { member: t`Member`, report: t`Report`, package: t`Package`, plan: t`Plan` };
  const columns: TableColumn<AuditEntry>[] = [
    { key: 'time', label: t`When`, text: (a) => when(a.createdAt) },
    { key: 'staff', label: t`Who`, text: (a) => a.staff.username || t`command line` },
    { key: 'action', label: t`What`, text: (a) => actionName(a.action) },
    {
      key: 'target',
      label: t`Target`,
      text: (a) => `${targets[a.targetType] ?? a.targetType} ${a.targetId}`,
      copy: true,
    },
    {
      key: 'before',
      label: t`Before`,
      text: (a) => json(a.before),
      render: (a) => <code className="json">{json(a.before)}</code>,
    },
    {
      key: 'after',
      label: t`After`,
      text: (a) => json(a.after),
      render: (a) => <code className="json">{json(a.after)}</code>,
    },
    { key: 'note', label: t`Note`, text: (a) => a.note },
  ];
  return (
    <section aria-labelledby="audit-title" className="staff-section">
      <PagedTable
        route={ROUTE}
        table="audit"
        heading={<h2 id="audit-title" className="staff-h2">{t`Audit log`}</h2>}
        fetchPage={(page, size) => fetchAudit({ page, size })}
        caption={t`Audit log`}
        columns={columns}
        rowKey={(a) => a.id}
        empty={t`Nothing yet.`}
      />
    </section>
  );
}
