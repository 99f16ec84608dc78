import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { activateLocale, currentLocale, LOCALE_NAMES } from '#lib/i18n.ts';
import { LOCALES, type Locale } from '#protocol/constants.ts';
import { ChevronDownIcon, GlobeIcon } from '#ui/icons.tsx';
import { Menu } from '#ui/menu.tsx';

/** The eight languages, each named in itself (docs/product.md, Overview); the menu's code loads when reached for. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const active = (i18n.locale as Locale) || currentLocale();
  return (
    <Menu
      triggerProps={{ className: 'lang-trigger', 'aria-label': t`Language`, 'aria-busy': pending || undefined }}
      trigger={
        <>
          <GlobeIcon size={18} />
          {!compact && <span className="lang-name">{LOCALE_NAMES[active] ?? active}</span>}
          <ChevronDownIcon size={14} />
        </>
      }
    >
      {(M) => (
        <M.Content>
          <M.RadioGroup
            value={active}
            onValueChange={(value) => {
              setPending(true);
              void activateLocale(value as Locale).finally(() => setPending(false));
            }}
          >
            {LOCALES.map((locale) => (
              <M.RadioItem
                key={locale}
                value={locale}
                lang={locale.replace(/-(\w+)$/, (_, r: string) => `-${r.toUpperCase()}`)}
              >
                {LOCALE_NAMES[locale]}
              </M.RadioItem>
            ))}
          </M.RadioGroup>
        </M.Content>
      )}
    </Menu>
  );
}
