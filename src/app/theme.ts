/** Light, dark or the system's choice; kept in localStorage and applied as `data-theme` on <html>. */
type ThemeChoice = 'light' | 'dark' | 'system';
const THEME_KEY = 'theme';

export function readTheme(): ThemeChoice {
  const v = globalThis.localStorage?.getItem(THEME_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') {
    root.removeAttribute('data-theme');
    localStorage.removeItem(THEME_KEY);
  } else {
    root.setAttribute('data-theme', choice);
    localStorage.setItem(THEME_KEY, choice);
  }
}

export function isDark(choice: ThemeChoice): boolean {
  if (choice !== 'system') return choice === 'dark';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
