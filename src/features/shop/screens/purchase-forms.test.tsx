// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { catalogue } from '../test-catalogue.ts';
import { MembershipPurchase } from './membership-purchase.tsx';
import { PackagePurchase } from './package-purchase.tsx';

vi.mock('#lib/http.ts', async (original) => ({
  ...(await original<typeof import('#lib/http.ts')>()),
  http: { get: vi.fn(), post: vi.fn() },
}));
afterEach(cleanup);

const total = () => screen.getByText('Total price: $').textContent;
const payment = () => screen.getByRole('button', { name: 'Payment' }) as HTMLButtonElement;

describe('MembershipPurchase', () => {
  it('tabs VIP (0) and Senior (1): a tab change selects that config and clears the chosen plan', async () => {
    renderWithApp(<MembershipPurchase catalogue={catalogue} recipient={{ id: 7, name: 'ben' }} canPay />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['VIP', 'Senior']);
    expect(screen.getByText('3,000 translation characters per day')).toBeTruthy();
    expect(screen.queryByText('Identity mark beside your name')).toBeNull();
    expect(payment().disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: /^1 month/ }));
    expect(total()).toBe('Total price: $9.99');
    expect(payment().disabled).toBe(false);

    // Radix tabs select on mousedown (and keyboard focus); the plan list becomes the senior one, nothing chosen.
    fireEvent.mouseDown(tabs[1]!, { button: 0, ctrlKey: false });
    await screen.findByText('5,000 translation characters per day');
    expect(screen.getByText('3 free videos per month')).toBeTruthy();
    expect(screen.getByText('Identity mark beside your name')).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(total()).toBe('Total price: $0.00');
    expect(payment().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^1 month/ }));
    expect(total()).toBe('Total price: $19.99');
    expect(screen.getByText(/reset each morning at 00:00 UTC and do not accumulate/)).toBeTruthy();
  });
});

describe('senior for a VIP', () => {
  it('says so before paying and keeps Payment disabled on the senior tab only', async () => {
    renderWithApp(
      <MembershipPurchase catalogue={catalogue} recipient={{ id: 7, name: 'ben', levelName: 'VIP' }} canPay />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /^1 month/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(payment().disabled).toBe(false);
    fireEvent.mouseDown(screen.getAllByRole('tab')[1]!, { button: 0, ctrlKey: false });
    await screen.findByText('5,000 translation characters per day');
    fireEvent.click(screen.getByRole('radio', { name: /^1 month/ }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The user is already a VIP and cannot purchase premium membership',
    );
    expect(payment().disabled).toBe(true);
  });
});

describe('blessing', () => {
  it('a gift takes a blessing of at most 255 characters; over it, Payment is disabled and says why', () => {
    renderWithApp(
      <PackagePurchase
        kind="character"
        catalogue={catalogue}
        recipient={{ id: 7, name: 'ben' }}
        canPay
        legend="Pick"
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /10,000 characters/ }));
    const blessing = screen.getByPlaceholderText('Please enter your blessing');
    fireEvent.change(blessing, { target: { value: 'a'.repeat(255) } });
    expect(payment().disabled).toBe(false);
    expect(screen.getByText('255 / 255')).toBeTruthy();
    fireEvent.change(blessing, { target: { value: 'a'.repeat(256) } });
    expect(payment().disabled).toBe(true);
    expect(within(blessing.closest('.field') as HTMLElement).getByRole('alert').textContent).toBe(
      'The blessing can be at most 255 characters (now 256).',
    );
  });

  it('buying for oneself has no blessing; offline prices show but paying waits', () => {
    renderWithApp(<PackagePurchase kind="gold" catalogue={catalogue} canPay={false} legend="Pick" />);
    expect(screen.queryByPlaceholderText('Please enter your blessing')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /10 gold coins/ }));
    expect(total()).toBe('Total price: $9.99');
    expect(payment().disabled).toBe(true);
    expect(screen.getByText('Connect to the internet to pay.')).toBeTruthy();
  });
});
