/** Round avatar: the picture when there is one, else the initial on a tint derived from the name. */
export function Avatar({ src, name, size = 48 }: { src?: string | null; name: string; size?: number }) {
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
