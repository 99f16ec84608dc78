// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/http.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { CATALOGUE_KEY, resetCatalogueMemo } from '../catalogue.ts';
import { catalogue } from '../test-catalogue.ts';
import { CatalogueGate } from './catalogue-gate.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const storage = vi.hoisted(() => ({ idbGet: vi.fn(), idbSet: vi.fn() }));
vi.mock('#lib/http.ts', async (original) => ({ ...(await original<typeof import('#lib/http.ts')>()), http }));
vi.mock('#lib/storage.ts', () => storage);

const answers: Record<string, unknown> = {
  '/api/system/character/spec/all': catalogue.characters,
  '/api/system/gold/spec/all': [{ id: 11, num: 10, amount: 10.99 }],
  '/api/system/member/config': catalogue.members,
  '/api/pay/config': catalogue.pay,
};

beforeEach(() => {
  resetCatalogueMemo();
  http.get.mockReset();
  storage.idbGet.mockReset();
  storage.idbSet.mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

const gate = () =>
  renderWithApp(
    <CatalogueGate>
      {(c, canPay) => (
        <p>
          gold {c.gold[0]!.amount} {canPay ? 'payable' : 'not payable'}
        </p>
      )}
    </CatalogueGate>,
  );

describe('CatalogueGate', () => {
  it('offline: shows the prices kept in IndexedDB, marked as possibly out of date, and paying waits', async () => {
    storage.idbGet.mockResolvedValue(catalogue);
    http.get.mockRejectedValue(new ApiError(0, 'Network error'));
    gate();
    await screen.findByText('gold 9.99 not payable');
    expect(await screen.findByText(/may be out of date/)).toBeTruthy();
    expect(storage.idbGet).toHaveBeenCalledWith('kv', CATALOGUE_KEY);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('online: the server answer replaces the saved copy and is kept for next time', async () => {
    storage.idbGet.mockResolvedValue(catalogue);
    http.get.mockImplementation(async (path: string) => answers[path]);
    gate();
    await screen.findByText('gold 10.99 payable');
    expect(screen.queryByText(/may be out of date/)).toBeNull();
    await waitFor(() =>
      expect(storage.idbSet).toHaveBeenCalledWith(
        'kv',
        CATALOGUE_KEY,
        expect.objectContaining({ gold: answers['/api/system/gold/spec/all'] }),
      ),
    );
  });

  it('nothing saved and no answer: an error with Try again, never a blank page', async () => {
    storage.idbGet.mockResolvedValue(undefined);
    http.get.mockRejectedValue(new ApiError(0, 'Network error'));
    gate();
    expect(await screen.findByText('Prices could not be loaded')).toBeTruthy();
    http.get.mockImplementation(async (path: string) => answers[path]);
    screen.getByRole('button', { name: 'Try again' }).click();
    await screen.findByText('gold 10.99 payable');
  });
});
