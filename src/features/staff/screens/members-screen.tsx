/**
 * Members: find one by name or e-mail (remote select, key `keyword`, 200 ms), or page through all; the chosen
 * member's balances, membership, reports and ledger, with suspend, restore and grant.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Permission } from '#features/auth/permission.tsx';
import { PERMANENT_UNTIL, type StaffMember, type StaffMemberDetail } from '#protocol/staff.ts';
import { Button } from '#ui/button.tsx';
import { RemoteSelect, type SelectOption } from '#ui/remote-select.tsx';
import { fetchMember, fetchMembers, restoreMember } from '../staff.api.ts';
import { useLevelLabel } from './catalogue-screen.tsx';
import type { TableColumn } from './data-table.tsx';
import { GrantDialog, SuspendDialog } from './member-actions.tsx';
import { PagedTable } from './paged-table.tsx';
import { useReasonName } from './reason-name.ts';
import { when } from './use-page.ts';

const ROUTE = 'staff-members';

export function useSuspensionText() {
  const { t } = useLingui();
  return (until: string | null) =>
    until === null
      ? t`Active`
      : until === PERMANENT_UNTIL
        ? t`Suspended permanently`
        : t`Suspended until ${when(until)}`;
}

export function MembersScreen() {
  const { t } = useLingui();
  const suspension = useSuspensionText();
  const level = useLevelLabel();
  const [chosen, setChosen] = useState<SelectOption | null>(null);
  const search = useCallback(
    async (query: Record<string, string>) =>
      (await fetchMembers({ ...query, size: 10 })).list.map((m) => ({
        value: String(m.id),
        label: `${m.username} · ${m.email}`,
      })),
    [],
  );

  const columns: TableColumn<StaffMember>[] = [
    { key: 'id', label: t`Member ID`, text: (m) => String(m.id), copy: true },
    { key: 'username', label: t`Username`, text: (m) => m.username, copy: true },
    { key: 'email', label: t`Email`, text: (m) => m.email, copy: true },
    { key: 'level', label: t`Membership`, text: (m) => (m.levelName ? level(m.levelName) : t`None`) },
    { key: 'characters', label: t`Characters`, text: (m) => String(m.characterCount) },
    { key: 'gold', label: t`Gold coins`, text: (m) => m.goldCount.toFixed(2) },
    { key: 'reports', label: t`Open reports`, text: (m) => String(m.openReports) },
    { key: 'state', label: t`State`, text: (m) => suspension(m.suspendedUntil) },
    { key: 'joined', label: t`Joined`, text: (m) => when(m.createdAt) },
  ];
  return (
    <section aria-labelledby="members-title" className="staff-section">
      <div className="staff-toolbar">
        <h2 id="members-title" className="staff-h2">{t`Members`}</h2>
        <div className="staff-filters staff-find">
          <RemoteSelect
            label={t`Find a member by name or e-mail`}
            value={chosen}
            onChange={setChosen}
            search={search}
            placeholder={t`Name or e-mail`}
          />
        </div>
      </div>
      {chosen && <MemberDetail id={Number(chosen.value)} onClose={() => setChosen(null)} />}
      <PagedTable
        route={ROUTE}
        table="members"
        heading={<h3 className="staff-h3">{t`All members`}</h3>}
        fetchPage={(page, size) => fetchMembers({ page, size })}
        caption={t`Members`}
        columns={columns}
        rowKey={(m) => m.id}
        empty={t`No members.`}
        actionLabel={t`Open`}
        action={(m) => (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setChosen({ value: String(m.id), label: m.username })}
            aria-label={t`Open ${m.username}`}
          >
            {t`Open`}
          </Button>
        )}
      />
    </section>
  );
}

/** A ledger row's balance in words (the kinds of docs/api.md, Commerce); an unknown kind as it is. */
function useLedgerKind() {
  const { t } = useLingui();
  const names: Record<string, string> = {
    buy_character: t`Bought characters`,
    give_character: t`Given characters`,
    register_character: t`Registration characters`,
    day_character: t`Day characters`,
    buy_gold: t`Bought gold coins`,
    give_gold: t`Given gold coins`,
    month_video: t`Videos a month`,
  };
  return (kind: string) => names[kind] ?? kind;
}

function MemberDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useLingui();
  const reasonName = useReasonName();
  const suspension = useSuspensionText();
  const level = useLevelLabel();
  const ledgerKind = useLedgerKind();
  const [detail, setDetail] = useState<StaffMemberDetail | null>(null);
  const [dialog, setDialog] = useState<'suspend' | 'grant' | null>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for a fresh copy after an action.
  useEffect(() => {
    let live = true;
    fetchMember(id)
      .then((d) => live && setDetail(d))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [id, version]);
  const reload = () => setVersion((v) => v + 1);
  if (!detail) return <p className="muted">{t`Loading…`}</p>;
  const m = detail.member;
  const restore = async () => {
    await restoreMember(m.id).catch(() => {});
    reload();
  };
  return (
    <article className="member-detail" aria-labelledby="member-detail-title">
      <header className="member-detail-head">
        <h3 id="member-detail-title" className="staff-h3">
          <bdi>{m.username}</bdi> <span className="muted">#{m.id}</span>
        </h3>
        <div className="staff-tools">
          <Permission tag="member:suspend">
            {m.suspendedUntil ? (
              <Button size="sm" variant="secondary" onClick={restore}>{t`Restore`}</Button>
            ) : (
              <Button size="sm" variant="danger" onClick={() => setDialog('suspend')}>{t`Suspend`}</Button>
            )}
          </Permission>
          <Permission tag="balance:grant">
            <Button size="sm" onClick={() => setDialog('grant')}>{t`Grant`}</Button>
          </Permission>
          <Button size="sm" variant="ghost" onClick={onClose}>{t`Close`}</Button>
        </div>
      </header>
      <dl className="staff-facts staff-facts-grid">
        <dt>{t`Email`}</dt>
        <dd>
          <bdi>{m.email}</bdi>
        </dd>
        <dt>{t`State`}</dt>
        <dd>{suspension(m.suspendedUntil)}</dd>
        <dt>{t`Membership`}</dt>
        <dd>{m.levelName ? t`${level(m.levelName)}, ${m.remainingDay} days left` : t`None`}</dd>
        <dt>{t`Characters`}</dt>
        <dd>{m.characterCount}</dd>
        <dt>{t`Gold coins`}</dt>
        <dd>{m.goldCount.toFixed(2)}</dd>
        <dt>{t`Account`}</dt>
        <dd>{m.staffAccount ? t`Staff` : t`Member`}</dd>
      </dl>
      <h4 className="staff-h4">{t`Reports on this member`}</h4>
      {detail.reports.length === 0 ? (
        <p className="muted">{t`None.`}</p>
      ) : (
        <ul className="plain-list">
          {detail.reports.map((r) => (
            <li key={r.id}>
              {when(r.createdAt)} · {reasonName(r.type)} · <bdi>{r.reporter.username}</bdi> ·{' '}
              {r.status === 'open' ? t`Open` : t`Resolved`}
            </li>
          ))}
        </ul>
      )}
      <h4 className="staff-h4">{t`Ledger`}</h4>
      {detail.ledger.length === 0 ? (
        <p className="muted">{t`None.`}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">{t`Ledger`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Time`}</th>
                <th scope="col">{t`Balance`}</th>
                <th scope="col">{t`Change`}</th>
                <th scope="col">{t`After`}</th>
                <th scope="col">{t`Reason`}</th>
              </tr>
            </thead>
            <tbody>
              {detail.ledger.map((l) => (
                <tr key={l.id}>
                  <td data-label={t`Time`}>{when(l.createdAt)}</td>
                  <td data-label={t`Balance`}>{ledgerKind(l.kind)}</td>
                  <td data-label={t`Change`}>{l.delta > 0 ? `+${l.delta}` : l.delta}</td>
                  <td data-label={t`After`}>{l.balanceAfter}</td>
                  <td data-label={t`Reason`}>
                    <bdi>{l.reason}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SuspendDialog
        member={m}
        open={dialog === 'suspend'}
        onDone={() => {
          setDialog(null);
          reload();
        }}
        onCancel={() => setDialog(null)}
      />
      <GrantDialog
        member={m}
        open={dialog === 'grant'}
        onDone={() => {
          setDialog(null);
          reload();
        }}
        onCancel={() => setDialog(null)}
      />
    </article>
  );
}
