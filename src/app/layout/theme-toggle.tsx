import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MoonIcon, SunIcon } from '#ui/icons.tsx';
import { applyTheme, isDark, readTheme } from '../theme.ts';

export function ThemeToggle() {
  const { t } = useLingui();
  const [dark, setDark] = useState(() => isDark(readTheme()));
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={dark ? t`Use light theme` : t`Use dark theme`}
      title={dark ? t`Use light theme` : t`Use dark theme`}
      onClick={() => {
        applyTheme(dark ? 'light' : 'dark');
        setDark(!dark);
      }}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
