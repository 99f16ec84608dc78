/**
 * The web app manifest and every PNG it names, in one place: vite.config.ts hands MANIFEST to vite-plugin-pwa and
 * PNG_ASSETS to scripts/icons.ts, which renders them from public/favicon.svg during `vite build` (no PNG is
 * committed). Plain data, so a unit test can check it without a build.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';
import { PRIMARY_COLOR } from '#protocol/constants.ts';
import { SHARE_FILES_FIELD, SHARE_IMAGE_TYPES, SHARE_PATH } from '#protocol/share.ts';

/** How scripts/icons.ts draws a file: the icon as is, padded on a full-bleed tile, a glyph tile or a screenshot. */
export type PngKind = 'any' | 'maskable' | 'apple' | 'shortcut-chat' | 'shortcut-square' | 'screenshot';

export interface PngAsset {
  /** Path inside dist/client, no leading slash. */
  file: string;
  width: number;
  height: number;
  kind: PngKind;
}

/** Kept light (white) like the light theme's page, so the splash screen does not flash a colour before paint. */
const BACKGROUND_COLOR = '#F5F7FB';

export const PNG_ASSETS: readonly PngAsset[] = [
  { file: 'icons/icon-192.png', width: 192, height: 192, kind: 'any' },
  { file: 'icons/icon-512.png', width: 512, height: 512, kind: 'any' },
  { file: 'icons/icon-maskable-512.png', width: 512, height: 512, kind: 'maskable' },
  // iOS looks for this name at the root even without the <link>, and paints transparent corners black.
  { file: 'apple-touch-icon.png', width: 180, height: 180, kind: 'apple' },
  { file: 'icons/shortcut-chat-96.png', width: 96, height: 96, kind: 'shortcut-chat' },
  { file: 'icons/shortcut-square-96.png', width: 96, height: 96, kind: 'shortcut-square' },
  { file: 'screenshots/narrow.png', width: 1080, height: 1920, kind: 'screenshot' },
  { file: 'screenshots/wide.png', width: 1920, height: 1080, kind: 'screenshot' },
];

/** Screenshots are large and only read by install sheets: the worker does not precache them. */
export const NOT_PRECACHED = ['screenshots/**'];

const png = (file: string) => `/${file}`;

export const MANIFEST = {
  id: '/',
  name: 'Amity',
  short_name: 'Amity',
  description: 'Meet people and chat with them in any language, with live translation.',
  // /chat sends a signed-out member on to /login?redirect=/chat by the router's guard.
  start_url: '/chat',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: PRIMARY_COLOR,
  background_color: BACKGROUND_COLOR,
  lang: 'en-US',
  dir: 'ltr',
  categories: ['social', 'lifestyle'],
  prefer_related_applications: false,
  // A launch from the home screen or a notification reuses the open window instead of stacking new ones.
  launch_handler: { client_mode: ['navigate-existing', 'auto'] },
  icons: [
    { src: png('icons/icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: png('icons/icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: png('icons/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: png('screenshots/narrow.png'),
      sizes: '1080x1920',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Chat with live translation on a phone',
    },
    {
      src: png('screenshots/wide.png'),
      sizes: '1920x1080',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Conversations and chat side by side on a desktop',
    },
  ],
  // Photos shared from the phone's share sheet: the service worker answers the POST (sw/share.ts) and the member
  // picks a conversation or a new moment.
  share_target: {
    action: SHARE_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARE_FILES_FIELD, accept: [...SHARE_IMAGE_TYPES] }] },
  },
  shortcuts: [
    {
      name: 'Chat',
      short_name: 'Chat',
      description: 'Open your conversations',
      url: '/chat',
      icons: [{ src: png('icons/shortcut-chat-96.png'), sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Square',
      short_name: 'Square',
      description: 'See the latest moments',
      url: '/square',
      icons: [{ src: png('icons/shortcut-square-96.png'), sizes: '96x96', type: 'image/png' }],
    },
  ],
} satisfies Partial<ManifestOptions>;
