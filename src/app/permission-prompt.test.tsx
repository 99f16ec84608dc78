// @vitest-environment happy-dom
/**
 * The client's half of the 498 round trip (docs/product.md, Memberships and roles): a call answering 498 refreshes
 * the permission list from the user info, toggles the reload flag and asks '权限已被更改, 页面将被刷新?' with
 * 立即刷新 / 稍后手动刷新, in each of the eight languages; 'later' closes the question and reloads nothing.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionsAtom, reloadFlagAtom, tokenAtom } from '#features/auth/index.ts';
import { http } from '#lib/http.ts';
import { activateLocale } from '#lib/i18n.ts';
import { LOCALES } from '#protocol/constants.ts';
import { PermissionPrompt } from './permission-prompt.tsx';
import { wireHttp } from './wiring.ts';

/** The texts as each catalog has them (the .po files the build compiles), read the way the app reads them. */
const EXPECTED: Record<string, [string, string, string]> = {
  'zh-cn': ['权限已被更改, 页面将被刷新?', '立即刷新', '稍后手动刷新'],
  'en-us': ['Your permissions have changed. Reload the page now?', 'Reload now', "Later, I'll reload myself"],
  'de-de': ['', 'Jetzt neu laden', 'Später selbst neu laden'],
  'ko-kr': ['', '지금 새로 고침', '나중에 직접 새로 고침'],
  'ru-ru': ['', 'Обновить сейчас', 'Обновлю позже сам'],
  'es-es': ['', 'Recargar ahora', 'Recargar más tarde'],
  'ja-jp': ['', '今すぐ再読み込み', '後で手動で再読み込み'],
  'zh-tw': ['', '立即重新整理', '稍後手動重新整理'],
};

const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, message: code === 498 ? 'Your permissions have changed' : null, data }), {
    status: code === 200 ? 200 : code,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('498 → the permissions prompt', () => {
  it.each(LOCALES)('%s: refreshes the list and asks in the language', async (locale) => {
    await activateLocale(locale, { remember: false });
    const store = createStore();
    store.set(tokenAtom, 'token-1');
    store.set(permissionsAtom, ['report:read', 'member:read']);
    const flag = store.get(reloadFlagAtom);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        const path = new URL(req.url).pathname;
        calls.push(path);
        if (path.endsWith('/api/system/user/info')) {
          return envelope(200, { id: 7, username: 'mod', staffAccount: true, permissions: ['audit:read'] });
        }
        return envelope(498, null);
      }),
    );
    wireHttp(store, { state: { location: { pathname: '/staff/members', href: '/staff/members' } }, navigate: vi.fn() });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, href: 'http://localhost/staff/members' });
    render(
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <PermissionPrompt />
        </I18nProvider>
      </Provider>,
    );

    await act(async () => {
      await http.get('/api/staff/members').catch(() => {});
    });
    const [title, now, later] = EXPECTED[locale]!;
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    if (title) expect(dialog.textContent).toContain(title);
    else expect(dialog.textContent).not.toContain('权限已被更改');
    expect(screen.getByRole('button', { name: now })).toBeTruthy();
    await waitFor(() => expect(store.get(permissionsAtom)).toEqual(['audit:read']));
    expect(store.get(reloadFlagAtom)).toBe(!flag);
    expect(calls.filter((c) => c.endsWith('/api/system/user/info'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: later }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(reload).not.toHaveBeenCalled();
  });
});
