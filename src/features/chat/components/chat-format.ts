/** Dates and times in the reader's interface language (lingui locale codes are 'zh-cn', Intl wants 'zh-CN'). */
export const bcp = (locale: string) => locale.replace(/-(\w+)$/, (_, r: string) => `-${r.toUpperCase()}`);

export function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(bcp(locale), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** List time: today → hh:mm, this week → weekday, else a short date. */
export function formatListTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  const ageDays = (now.getTime() - date.getTime()) / 86_400_000;
  if (date.toDateString() === now.toDateString()) return formatTime(iso, locale);
  if (ageDays < 6) return new Intl.DateTimeFormat(bcp(locale), { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(bcp(locale), { month: 'short', day: 'numeric' }).format(date);
}

/** '5 minutes ago' in the reader's language; under a minute is 'now' (numeric: 'auto'). */
export function formatAgo(at: number, locale: string, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(bcp(locale), { numeric: 'auto' });
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) < 45) return rtf.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 45) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 22) return rtf.format(hours, 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}
