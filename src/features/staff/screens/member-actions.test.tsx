// @vitest-environment happy-dom
/**
 * Granting from the members screen (issue 13): the amount is the number input of docs/product.md (digits and a dot,
 * at most 2 decimals for gold and none for characters, no leading zeros, capped at the maximum); an empty amount says
 * 'Please enter gold coins' or 'Please enter the number of coins' and sends nothing; a good one is sent once.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRANT_MAX, type StaffMember } from '#protocol/staff.ts';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { renderWithApp } from '#ui/test-render.tsx';
import { GrantDialog } from './member-actions.tsx';

const MEMBER: StaffMember = {
  id: 42,
  username: 'tom',
  email: 'tom@example.com',
  staffAccount: false,
  suspendedUntil: null,
  characterCount: 0,
  goldCount: 0,
  levelName: '',
  remainingDay: 0,
  openReports: 0,
  createdAt: '2026-05-01T00:00:00.000Z',
};

const sent: { url: string; body: unknown }[] = [];
function stubServer() {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      sent.push({ url: new URL(req.url).pathname, body: await req.json() });
      return new Response(JSON.stringify({ code: 200, message: null, data: { id: 42 } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openGrant() {
  const onDone = vi.fn();
  renderWithApp(
    <ScreenCatalog>
      <GrantDialog member={MEMBER} open onDone={onDone} onCancel={() => {}} />
    </ScreenCatalog>,
  );
  await screen.findByRole('dialog', { name: 'Grant to tom' }, { timeout: 10_000 });
  return onDone;
}

const amount = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const grant = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Grant' })));

describe('GrantDialog', () => {
  it('asks for the amount in the words of the product, sending nothing', async () => {
    stubServer();
    await openGrant();
    await grant();
    await screen.findByText('Please enter gold coins');
    fireEvent.click(screen.getByRole('radio', { name: 'Characters' }));
    await grant();
    await screen.findByText('Please enter the number of coins');
    expect(sent).toEqual([]);
  });

  it('keeps only what the number rule allows, then sends the grant once', async () => {
    stubServer();
    const onDone = await openGrant();
    const gold = amount('Gold coins');
    type(gold, '0012.345');
    expect(gold.value).toBe('12.34');
    type(gold, '99999');
    expect(gold.value).toBe(String(GRANT_MAX.gold));
    type(gold, '12.5x');
    expect(gold.value).toBe('12.5');
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: ' refund ' } });
    await grant();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      { url: '/h5-api/api/staff/members/42/grant', body: { kind: 'gold', amount: 12.5, reason: 'refund' } },
    ]);
  });

  it('characters are whole numbers', async () => {
    stubServer();
    await openGrant();
    fireEvent.click(screen.getByRole('radio', { name: 'Characters' }));
    const characters = amount('Characters');
    type(characters, '1500.5');
    expect(characters.value).toBe('1500');
  });
});
