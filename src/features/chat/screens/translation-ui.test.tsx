// @vitest-environment happy-dom

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureScreenCatalog } from '#lib/screen-catalog.ts';
import type { TransPreview } from '#protocol/translation.ts';
import { activateEnglish, renderWithApp } from '#ui/test-render.tsx';
import type { Job } from '../translate.reducer.ts';
import { CostDialog, SentInLine, TranslationLine } from './translation-ui.tsx';

afterEach(cleanup);
// The parts' texts are in the screens catalog (the pane loads it with its chunk).
beforeAll(async () => {
  activateEnglish();
  await ensureScreenCatalog();
});

/** Links need a router: one root route rendering the part under test. */
async function renderRouted(ui: ReactElement) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/chat'] }),
  });
  const result = renderWithApp(<RouterProvider router={router} />);
  await act(() => router.load());
  return result;
}

const job = (over: Partial<Job>): Job => ({
  peerId: 7,
  lang: 'en-us',
  target: { msgId: 5 },
  status: 'previewing',
  ...over,
});
const line = (over: Partial<Parameters<typeof TranslationLine>[0]> = {}) => (
  <TranslationLine
    translation={undefined}
    from="es-es"
    showingOriginal={false}
    job={undefined}
    onTranslate={() => {}}
    onToggle={() => {}}
    {...over}
  />
);

describe('TranslationLine', () => {
  it('offers Translate, then shows progress while it runs', () => {
    const onTranslate = vi.fn();
    renderWithApp(line({ onTranslate }));
    fireEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(onTranslate).toHaveBeenCalledOnce();
    cleanup();
    renderWithApp(line({ job: job({ status: 'translating' }) }));
    expect(screen.getByRole('status').textContent).toBe('Translating…');
  });

  it("says where the translation comes from and toggles 'Show original'", () => {
    const onToggle = vi.fn();
    renderWithApp(line({ translation: 'hello', onToggle }));
    expect(screen.getByText('Translated from Spanish')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show original' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledOnce();
    cleanup();
    renderWithApp(line({ translation: 'hello', onToggle, showingOriginal: true }));
    expect(screen.getByRole('button', { name: 'Show translation' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('402 says why and links to /recharge; never a silent failure', async () => {
    await renderRouted(line({ job: job({ status: 'failed', code: 402, message: '' }) }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not enough characters or gold to translate this.');
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/recharge');
  });

  it.each([
    [503, 'Translation is not available'],
    [400, 'Translation between these languages is not available.'],
    [502, 'The translation service failed; nothing was charged.'],
  ])('%i is shown as %s', (code, text) => {
    renderWithApp(line({ job: job({ status: 'failed', code, message: 'x' }) }));
    expect(screen.getByRole('alert').textContent).toContain(text);
  });
});

const preview = (spend: Partial<TransPreview['spend']>): TransPreview => ({
  cost: 42,
  free: false,
  enough: true,
  spend: { day: 0, register: 0, give: 0, buy: 0, giveGold: 0, buyGold: 0, ...spend },
  left: { characterCount: 100, dayCharacterCount: 1416, buyGoldCount: 1, giveGoldCount: 0 },
});

describe('CostDialog', () => {
  it('says what the free allowance, characters and gold would pay; confirm and cancel answer', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(
      <CostDialog
        job={job({ status: 'confirming', preview: preview({ day: 42, register: 8, buyGold: 1 }) })}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Translate this message?');
    expect(dialog.textContent).toContain('Uses 42 of your 1,458 free characters today.');
    expect(dialog.textContent).toContain('Uses 8 of your 108 characters.');
    expect(dialog.textContent).toContain('Uses 1 gold.');
    fireEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('Escape cancels', async () => {
    const onCancel = vi.fn();
    renderWithApp(
      <CostDialog
        job={job({ status: 'confirming', preview: preview({ day: 5 }) })}
        onConfirm={() => {}}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
  });
});

describe('SentInLine', () => {
  it('names the language a message of mine went out in and toggles to it', () => {
    const onToggle = vi.fn();
    renderWithApp(<SentInLine lang="es-es" showingSent={false} onToggle={onToggle} />);
    expect(screen.getByText('Sent in Spanish')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show what was sent' }));
    expect(onToggle).toHaveBeenCalledOnce();
  });
});
