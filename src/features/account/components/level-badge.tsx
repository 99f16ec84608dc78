import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { LEVEL_SENIOR, LEVEL_VIP } from '#protocol/user.ts';
import { CrownIcon } from '#ui/icons.tsx';

/** The membership mark: 'VIP' or senior (高级会员 on the wire, shown in the reader's language). */
export function LevelBadge({ levelName }: { levelName: string | null | undefined }) {
  const { t } = useLingui();
  if (levelName === LEVEL_SENIOR)
    return (
      <span className="badge badge-senior">
        <CrownIcon size={14} />
        {t`Senior member`}
      </span>
    );
  if (levelName === LEVEL_VIP)
    return (
      <span className="badge badge-vip">
        <CrownIcon size={14} />
        VIP
      </span>
    );
  return <span className="badge">{t`Member`}</span>;
}

// The shop's mark (features/shop/screens/identity-mark.tsx) reads the catalogue: its code loads with the first member
// who has a level, never with a first load of /chat whose list shows none.
const ShopIdentityMark = lazy(() => import('#features/shop/mark.ts').then((m) => ({ default: m.IdentityMark })));

/** The identity mark beside a name, for a level whose member config sets showIdentity; nothing without a level. */
export function IdentityMark({ levelName }: { levelName: string | null | undefined }) {
  if (!levelName) return null;
  return (
    <Suspense fallback={null}>
      <ShopIdentityMark levelName={levelName} />
    </Suspense>
  );
}
