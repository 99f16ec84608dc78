/** /vip (docs/product.md, Routes): my current membership with months and days remaining, and plans to buy. */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { LevelBadge } from '#features/account/index.ts';
import { userInfoAtom } from '#features/auth/index.ts';
import { currentMember } from '#protocol/user.ts';
import { BackButton } from '#ui/back-button.tsx';
import { CrownIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { monthsAndDays } from '../shop.rules.ts';
import { CatalogueGate } from './catalogue-gate.tsx';
import { IdentityMark } from './identity-mark.tsx';
import { MembershipPurchase } from './membership-purchase.tsx';
import './shop.css';

function VipScreen() {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const member = currentMember(user?.memberRemainingList ?? []);
  const { months, days } = monthsAndDays(member.remainingDay);
  return (
    <Page title={t`VIP`} back={<BackButton />}>
      <section className="current-member" aria-label={t`Your membership`}>
        <CrownIcon size={28} className="current-member-icon" />
        {member.levelName ? (
          <div>
            <p className="current-member-level">
              <LevelBadge levelName={member.levelName} />
              <IdentityMark levelName={member.levelName} />
            </p>
            <dl className="remaining">
              <div>
                <dt>{t`Months remaining`}</dt>
                <dd>{months}</dd>
              </div>
              <div>
                <dt>{t`Days remaining`}</dt>
                <dd>{days}</dd>
              </div>
            </dl>
            <p className="muted small">{t`A new plan starts when the current one ends.`}</p>
          </div>
        ) : (
          <div>
            <p className="current-member-level">{t`You have no membership yet.`}</p>
            <p className="muted small">{t`Members get more translation characters every day and free videos every month.`}</p>
          </div>
        )}
      </section>
      <CatalogueGate>
        {(catalogue, canPay) => <MembershipPurchase catalogue={catalogue} canPay={canPay} />}
      </CatalogueGate>
    </Page>
  );
}

export function VipPage() {
  return (
    <ScreenCatalog>
      <VipScreen />
    </ScreenCatalog>
  );
}
