import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAsset, TILE } from './icons.ts';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url));

describe('icon rendering', () => {
  it('renders each kind as a PNG of the declared size', async () => {
    for (const [kind, width, height] of [
      ['any', 192, 192],
      ['maskable', 512, 512],
      ['apple', 180, 180],
      ['shortcut-chat', 96, 96],
      ['screenshot', 540, 960],
    ] as const) {
      const png = await renderAsset(svg, { file: 'x.png', width, height, kind });
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], kind).toEqual(['png', width, height]);
    }
  });

  it('fills the maskable icon edge to edge (no transparent corners for launchers to crop)', async () => {
    const png = await renderAsset(svg, { file: 'm.png', width: 64, height: 64, kind: 'maskable' });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const hex = `#${[data[0], data[1], data[2]].map((n) => n!.toString(16).padStart(2, '0')).join('')}`;
    expect(hex.toUpperCase()).toBe(TILE);
    expect(data[3]).toBe(255);
  });
});
