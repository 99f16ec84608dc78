// Before first paint: the stored theme and language, so nothing flashes. External so a strict CSP allows it.
try {
  var theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  var lang = localStorage.getItem('lang');
  if (lang && /^[a-z]{2}-[a-z]{2}$/.test(lang)) document.documentElement.lang = lang.slice(0, 3) + lang.slice(3).toUpperCase();
} catch (e) {}
