import { isOwnUploadUrl } from '#protocol/validators.ts';

/**
 * Round avatar: the picture when there is one of our own uploads (docs/api.md, Files: an avatar stored before that
 * rule may name another site, which would learn who looks), else the initial on a tint derived from the name.
 */
export function Avatar({ src: given, name, size = 48 }: { src?: string | null; name: string; size?: number }) {
  const src = given && isOwnUploadUrl(given) ? given : undefined;
  const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 200);
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: size * 0.42, background: src ? undefined : `hsl(${hue} 55% 42%)` }}
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : (name[0] ?? '?').toUpperCase()}
    </span>
  );
}
