/** /recharge (docs/product.md, Routes): my balances, then characters and gold coins to buy for myself. */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { userInfoAtom } from '#features/auth/index.ts';
import { characterCount, goldCount } from '#protocol/user.ts';
import { BackButton } from '#ui/back-button.tsx';
import { CoinIcon, TextIcon } from '#ui/more-icons.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { CatalogueGate } from './catalogue-gate.tsx';
import { PackagePurchase } from './package-purchase.tsx';
import './shop.css';

function RechargeScreen() {
  const { t, i18n } = useLingui();
  const user = useAtomValue(userInfoAtom);
  return (
    <Page title={t`Recharge`} back={<BackButton />}>
      <dl className="balances">
        <div className="balance">
          <dt>
            <TextIcon size={18} />
            {t`Characters`}
          </dt>
          <dd>{user ? i18n.number(characterCount(user)) : '—'}</dd>
        </div>
        <div className="balance">
          <dt>
            <CoinIcon size={18} />
            {t`Gold coins`}
          </dt>
          <dd>{user ? i18n.number(goldCount(user)) : '—'}</dd>
        </div>
      </dl>
      <CatalogueGate>
        {(catalogue, canPay) => (
          <div className="shop-sections">
            <section className="shop-section" aria-labelledby="buy-characters">
              <h2 id="buy-characters" className="shop-section-title">
                <TextIcon size={20} />
                {t`Translation characters`}
              </h2>
              <p className="muted small">{t`Characters pay for translating chat messages after your free characters of the day.`}</p>
              <PackagePurchase
                kind="character"
                catalogue={catalogue}
                canPay={canPay}
                legend={t`Choose a character package`}
              />
            </section>
            <section className="shop-section" aria-labelledby="buy-gold">
              <h2 id="buy-gold" className="shop-section-title">
                <CoinIcon size={20} />
                {t`Gold coins`}
              </h2>
              <p className="muted small">{t`One gold coin pays one US dollar of gifts and memberships. Gold coins are bought by card.`}</p>
              <PackagePurchase kind="gold" catalogue={catalogue} canPay={canPay} legend={t`Choose a gold package`} />
            </section>
          </div>
        )}
      </CatalogueGate>
    </Page>
  );
}

export function RechargePage() {
  return (
    <ScreenCatalog>
      <RechargeScreen />
    </ScreenCatalog>
  );
}
