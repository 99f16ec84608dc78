/** Generated avatars for demo members: initials on a coloured circle, as SVG text. */

const COLOURS = ['#597CFF', '#FF7A59', '#2BB673', '#A259FF', '#F2B705', '#00A7C4', '#E4577B', '#5C6BC0'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function initials(username: string): string {
  const parts = username.split(/[_\s]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : username.slice(0, 2);
  return letters.toUpperCase();
}

/** The colour follows the name, so an avatar looks the same on every seeding. */
export function avatarColour(username: string): string {
  let h = 0;
  for (const ch of username) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return COLOURS[h % COLOURS.length]!;
}

export function avatarSvg(username: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<circle cx="80" cy="80" r="80" fill="${avatarColour(username)}"/>
<text x="80" y="80" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" font-weight="600" fill="#fff">${escapeXml(initials(username))}</text>
</svg>
`;
}
