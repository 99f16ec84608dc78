/**
 * Renders the PWA's PNGs (app icons, maskable and Apple icons, shortcut icons, install-sheet screenshots) from the
 * one brand SVG with sharp, offline, so `vite build` alone produces them and no generated PNG is committed.
 * `pwaAssets()` is the Vite plugin: it emits the files into the build (where the worker's precache glob finds them)
 * and serves them from memory in dev. `node scripts/icons.ts <svg> <outDir>` renders the icon set on its own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

export type PngKind = 'any' | 'maskable' | 'apple' | 'shortcut-chat' | 'shortcut-square' | 'screenshot';
export interface PngAsset {
  file: string;
  width: number;
  height: number;
  kind: PngKind;
}

/** The tile colour of the brand SVG (its rounded square): padded icons sit on it so the corners disappear. */
export const TILE = '#3D5BD9';
const BRAND = '#597CFF';
const FONT = 'DejaVu Sans, Noto Sans, sans-serif';

/** Share of the tile the glyph may use: maskable icons keep it inside the 80% safe circle. */
const PADDED_SCALE: Partial<Record<PngKind, number>> = { maskable: 0.72, apple: 0.86 };

// 24-unit glyphs in the style of the app's icon set: a speech bubble and a 2×2 grid.
const GLYPHS = {
  'shortcut-chat': '<path d="M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-5 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z"/>',
  'shortcut-square':
    '<rect x="4" y="4" width="7" height="7" rx="1.5"/><rect x="13" y="4" width="7" height="7" rx="1.5"/>' +
    '<rect x="4" y="13" width="7" height="7" rx="1.5"/><rect x="13" y="13" width="7" height="7" rx="1.5"/>',
} as const;

/** Rasterises an SVG at `width` px wide, at a density that keeps edges sharp instead of upscaling a 64 px bitmap. */
async function rasterise(svg: string | Buffer, width: number, height = width): Promise<Buffer> {
  const source = Buffer.isBuffer(svg) ? svg : Buffer.from(svg);
  const meta = await sharp(source).metadata();
  const density = Math.min(2400, Math.ceil((72 * width) / (meta.width ?? width)) + 1);
  return sharp(source, { density }).resize(width, height, { fit: 'contain' }).png().toBuffer();
}

async function padded(svg: Buffer, size: number, scale: number): Promise<Buffer> {
  const inner = await rasterise(svg, Math.round(size * scale));
  return sharp({ create: { width: size, height: size, channels: 4, background: TILE } })
    .composite([{ input: inner, gravity: 'centre' }])
    .png()
    .toBuffer();
}

function glyphTile(glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${TILE}"/>
<g transform="translate(14 14) scale(1.5)" fill="#fff">${glyph}</g></svg>`;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A chat column: bubbles left (them) and right (me), each with its translation below, as the app shows them. */
function chatColumn(x: number, y: number, w: number, s: number): string {
  const lines: [mine: boolean, text: string, translated: string][] = [
    [false, 'Hola, ¿cómo estás hoy?', 'Hi, how are you today?'],
    [true, 'Great, thanks! Coffee later?', '¡Genial, gracias! ¿Un café luego?'],
    [false, '¡Claro! ¿A las cinco?', 'Sure! At five?'],
    [true, 'Perfect, see you there', 'Perfecto, nos vemos allí'],
  ];
  let out = '';
  let top = y;
  for (const [mine, text, translated] of lines) {
    const bw = Math.min(w * 0.78, Math.max(text.length, translated.length) * 11.5 * s + 48 * s);
    const bx = mine ? x + w - bw : x;
    out += `<rect x="${bx}" y="${top}" width="${bw}" height="${92 * s}" rx="${22 * s}" fill="${mine ? TILE : '#FFFFFF'}"/>`;
    const color = mine ? '#FFFFFF' : '#161A2B';
    out += `<text x="${bx + 20 * s}" y="${top + 38 * s}" font-size="${22 * s}" fill="${color}">${xml(text)}</text>`;
    out += `<text x="${bx + 20 * s}" y="${top + 72 * s}" font-size="${18 * s}" fill="${color}" opacity="0.75">${xml(translated)}</text>`;
    top += 124 * s;
  }
  return out;
}

/** A simple branded picture of the chat screen: install sheets need one per form factor, not a real capture. */
export function screenshotSvg(width: number, height: number, iconSvg: string): string {
  const wide = width > height;
  const s = wide ? 1.2 : 1.6;
  const header = 120 * (wide ? 0.8 : 1);
  const icon = `data:image/svg+xml;base64,${Buffer.from(iconSvg).toString('base64')}`;
  let body = '';
  if (wide) {
    const side = 520;
    body += `<rect x="0" y="${header}" width="${side}" height="${height - header}" fill="#FFFFFF"/>`;
    ['Lucía', 'Mina', 'Jonas', 'Aiko', 'Dmitri'].forEach((name, i) => {
      const y = header + 40 + i * 120;
      if (i === 0) body += `<rect x="16" y="${y - 16}" width="${side - 32}" height="104" rx="18" fill="#EEF2FF"/>`;
      body += `<circle cx="80" cy="${y + 36}" r="34" fill="${BRAND}" opacity="${1 - i * 0.12}"/>`;
      body += `<text x="136" y="${y + 30}" font-size="30" font-weight="bold" fill="#161A2B">${name}</text>`;
      body += `<text x="136" y="${y + 68}" font-size="22" fill="#5F667E">Translated chat</text>`;
    });
    body += chatColumn(side + 60, header + 60, width - side - 120, s);
  } else {
    body += chatColumn(48, header + 80, width - 96, s);
    body += `<rect x="40" y="${height - 180}" width="${width - 80}" height="110" rx="55" fill="#FFFFFF" stroke="#E1E5EF" stroke-width="3"/>`;
    body += `<text x="96" y="${height - 112}" font-size="36" fill="#5F667E">Message</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${FONT}">
<rect width="${width}" height="${height}" fill="#F5F7FB"/>
<rect width="${width}" height="${header}" fill="${BRAND}"/>
<image href="${icon}" x="32" y="${(header - 72) / 2}" width="72" height="72"/>
<text x="124" y="${header / 2 + 16}" font-size="46" font-weight="bold" fill="#FFFFFF">Amity</text>
${body}</svg>`;
}

/** One PNG of `asset`, drawn from the brand SVG. */
export async function renderAsset(iconSvg: Buffer, asset: PngAsset): Promise<Buffer> {
  const { kind, width, height } = asset;
  if (kind === 'any') return rasterise(iconSvg, width, height);
  if (kind === 'maskable' || kind === 'apple') return padded(iconSvg, width, PADDED_SCALE[kind] ?? 1);
  if (kind === 'screenshot') return rasterise(screenshotSvg(width, height, iconSvg.toString()), width, height);
  return rasterise(glyphTile(GLYPHS[kind]), width, height);
}

/** Vite plugin: the PNGs of `assets` in the build output, and on the dev server at the same paths. */
export function pwaAssets(options: { source: string; assets: readonly PngAsset[] }): Plugin {
  const readSource = () => readFileSync(options.source);
  return {
    name: 'amity:pwa-assets',
    async generateBundle() {
      const svg = readSource();
      const rendered = await Promise.all(
        options.assets.map(async (asset) => ({ fileName: asset.file, source: await renderAsset(svg, asset) })),
      );
      for (const file of rendered) this.emitFile({ type: 'asset', ...file });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const asset = options.assets.find((a) => req.url?.split('?')[0] === `/${a.file}`);
        if (!asset) return next();
        renderAsset(readSource(), asset).then((png) => {
          res.setHeader('Content-Type', 'image/png');
          res.end(png);
        }, next);
      });
    },
  };
}

// CLI: the three app icons only, for a quick look without a build.
if (import.meta.main) {
  const [source = 'public/favicon.svg', outDir = '.tmp/icons'] = process.argv.slice(2);
  const svg = readFileSync(source);
  const set: PngAsset[] = [
    { file: 'icon-512.png', width: 512, height: 512, kind: 'any' },
    { file: 'icon-maskable-512.png', width: 512, height: 512, kind: 'maskable' },
    { file: 'apple-touch-icon.png', width: 180, height: 180, kind: 'apple' },
  ];
  for (const asset of set) {
    const out = join(outDir, asset.file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, await renderAsset(svg, asset));
    console.log(out);
  }
}
