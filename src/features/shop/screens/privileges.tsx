/**
 * A membership's privileges (docs/product.md, Membership dialog): translation characters a day, free videos a
 * month, promote yourself, the identity mark when the config shows one; and the note that day characters reset
 * each morning at UTC and do not accumulate.
 */
import { useLingui } from '@lingui/react/macro';
import type { MemberConfig } from '#protocol/commerce.ts';
import { SparkleIcon } from '#ui/icons.tsx';
import { CheckIcon, TextIcon } from '#ui/more-icons.tsx';

export function Privileges({ config }: { config: MemberConfig }) {
  const { t, i18n } = useLingui();
  const day = i18n.number(config.dayCharacters);
  const videos = config.monthVideos;
  return (
    <div className="privileges">
      <h3 className="privileges-title">{t`Privileges`}</h3>
      <ul className="privilege-list">
        <li>
          <TextIcon size={18} />
          {t`${day} translation characters per day`}
        </li>
        <li>
          <SparkleIcon size={18} />
          {t`${videos} free videos per month`}
        </li>
        <li>
          <SparkleIcon size={18} />
          {t`Promote yourself`}
        </li>
        {config.showIdentity && (
          <li>
            <CheckIcon size={18} />
            {t`Identity mark beside your name`}
          </li>
        )}
      </ul>
      <p className="muted small privileges-note">
        {t`Translation characters reset each morning at 00:00 UTC and do not accumulate.`}
      </p>
    </div>
  );
}
