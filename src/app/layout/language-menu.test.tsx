// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '#lib/i18n.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { LanguageMenu } from './language-menu.tsx';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('LanguageMenu', () => {
  it('lists the eight languages in their own names', async () => {
    renderWithApp(<LanguageMenu />);
    const trigger = screen.getByRole('button', { name: 'Language' });
    act(() => {
      trigger.focus();
      fireEvent.keyDown(trigger, { key: 'Enter' });
    });
    // The menu's code loads on focus; the Enter is replayed on the real trigger once it is in.
    const names = (await screen.findAllByRole('menuitemradio')).map((item) => item.textContent);
    expect(names).toEqual(['简体中文', 'English', 'Deutsch', '한국어', 'Русский', 'Español', '日本語', '繁體中文']);
  });

  it('switching updates <html lang>, the stored choice and the interface', async () => {
    renderWithApp(<LanguageMenu />);
    const trigger = screen.getByRole('button', { name: 'Language' });
    act(() => {
      trigger.focus();
      fireEvent.keyDown(trigger, { key: 'Enter' });
    });
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('de-DE'));
    expect(localStorage.getItem('lang')).toBe('de-de');
    expect(i18n.locale).toBe('de-de');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sprache' })).toBeTruthy());
  });
});
