import { describe, expect, it } from 'vitest';
import { MANIFEST, NOT_PRECACHED, PNG_ASSETS } from './manifest.ts';

const assetFor = (src: string) => PNG_ASSETS.find((a) => `/${a.file}` === src);

describe('web app manifest', () => {
  it('has every field an install needs', () => {
    expect(MANIFEST).toMatchObject({
      id: '/',
      name: 'Amity',
      short_name: 'Amity',
      start_url: '/chat',
      scope: '/',
      display: 'standalone',
      theme_color: '#597CFF',
      lang: 'en-US',
    });
    expect(MANIFEST.description.length).toBeGreaterThan(10);
    expect(MANIFEST.background_color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(MANIFEST.categories).toContain('social');
  });

  it('lists 192 and 512 icons and a maskable 512, each rendered at its declared size', () => {
    const icons = MANIFEST.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of MANIFEST.icons) {
      const asset = assetFor(icon.src);
      expect(asset, icon.src).toBeDefined();
      expect(`${asset?.width}x${asset?.height}`).toBe(icon.sizes);
      expect(asset?.kind).toBe(icon.purpose);
      expect(icon.type).toBe('image/png');
    }
  });

  it('has narrow and wide screenshots with labels, and shortcuts to /chat and /square with icons', () => {
    expect(MANIFEST.screenshots.map((s) => s.form_factor)).toEqual(['narrow', 'wide']);
    for (const shot of MANIFEST.screenshots) {
      const asset = assetFor(shot.src);
      expect(`${asset?.width}x${asset?.height}`).toBe(shot.sizes);
      expect(shot.label.length).toBeGreaterThan(5);
    }
    const [narrow, wide] = MANIFEST.screenshots.map((s) => assetFor(s.src)!);
    expect(narrow!.height).toBeGreaterThan(narrow!.width);
    expect(wide!.width).toBeGreaterThan(wide!.height);
    expect(MANIFEST.shortcuts.map((s) => s.url)).toEqual(['/chat', '/square']);
    for (const shortcut of MANIFEST.shortcuts) {
      for (const icon of shortcut.icons) expect(assetFor(icon.src), icon.src).toBeDefined();
    }
  });

  it('renders an apple-touch-icon at 180 and keeps screenshots out of the precache', () => {
    expect(PNG_ASSETS).toContainEqual({ file: 'apple-touch-icon.png', width: 180, height: 180, kind: 'apple' });
    expect(NOT_PRECACHED).toEqual(['screenshots/**']);
    expect(PNG_ASSETS.filter((a) => a.kind === 'screenshot').every((a) => a.file.startsWith('screenshots/'))).toBe(
      true,
    );
  });

  it('takes photos from the share sheet as a multipart POST to /share, the path the worker answers', () => {
    expect(MANIFEST.share_target).toEqual({
      action: '/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'photos', accept: ['image/jpeg', 'image/png'] }] },
    });
  });
});
