import { useLingui } from '@lingui/react/macro';
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
