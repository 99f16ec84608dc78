// Before first paint: the stored theme and language, so nothing flashes. External so a strict CSP allows it.
(() => {
  try {
    const root = document.documentElement;
    const theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
    const lang = localStorage.getItem('lang');
    if (lang && /^[a-z]{2}-[a-z]{2}$/.test(lang)) root.lang = lang.slice(0, 3) + lang.slice(3).toUpperCase();
  } catch {
    // Storage can be blocked (private mode); the app then starts on its defaults.
  }
})();
