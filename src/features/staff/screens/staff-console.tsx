/**
 * The staff console's frame at /staff/…: one link per section the member's permissions open (the directive
 * removes the rest), then the section. Loaded by gate.tsx for staff only, so members download none of it.
 */
import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { Permission } from '#features/auth/permission.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import '../staff.css';
import { AuditScreen } from './audit-screen.tsx';
import { CatalogueScreen } from './catalogue-screen.tsx';
import { MembersScreen } from './members-screen.tsx';
import { ReportsScreen } from './reports-screen.tsx';

/** Staff only: gate.tsx sends members to /chat before this chunk loads. The server checks every call. */
export function StaffConsole() {
  return (
    <ScreenCatalog>
      <Console />
    </ScreenCatalog>
  );
}

function Console() {
  const { t } = useLingui();
  const links = [
    { section: 'reports', tag: 'report:read', label: t`Reports` },
    { section: 'members', tag: 'member:read', label: t`Members` },
    { section: 'catalogue', tag: 'catalog:edit', label: t`Catalogue` },
    { section: 'audit', tag: 'audit:read', label: t`Audit log` },
  ] as const;
  return (
    <Page title={t`Staff console`}>
      <nav className="staff-nav" aria-label={t`Console sections`}>
        {links.map((l) => (
          <Permission key={l.section} tag={l.tag}>
            <Link
              to="/staff/$"
              params={{ _splat: l.section }}
              className="staff-tab"
              activeProps={{ className: 'staff-tab-active', 'aria-current': 'page' }}
            >
              {l.label}
            </Link>
          </Permission>
        ))}
      </nav>
      <StaffSection />
    </Page>
  );
}

const SECTIONS = {
  reports: ReportsScreen,
  members: MembersScreen,
  catalogue: CatalogueScreen,
  audit: AuditScreen,
} as const;

/** /staff/{section}: /staff itself or an unknown section shows the console's home. */
function StaffSection() {
  const { _splat: section = '' } = useParams({ from: '/_auth/staff/$' });
  const Screen = SECTIONS[section as keyof typeof SECTIONS];
  return Screen ? <Screen /> : <StaffHome />;
}

/** /staff itself: the sections this member may open are the links above. */
function StaffHome() {
  const { t } = useLingui();
  return <p className="muted">{t`Choose a section above. Sections you have no permission for are not shown.`}</p>;
}
