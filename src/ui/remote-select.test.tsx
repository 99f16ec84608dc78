// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteSelect, type SelectOption } from './remote-select.tsx';
import { renderWithApp } from './test-render.tsx';

const ALL: SelectOption[] = [
  { value: '250', label: 'France' },
  { value: '276', label: 'Germany' },
  { value: '300', label: 'Greece' },
];
const search = vi.fn(async (q: Record<string, string>) =>
  ALL.filter((o) => o.label.toLowerCase().includes((q.keyword ?? '').toLowerCase())),
);

function Harness({ onChange }: { onChange: (o: SelectOption) => void }) {
  const [value, setValue] = useState<SelectOption | null>(ALL[0]!);
  return (
    <RemoteSelect
      label="Country"
      value={value}
      search={search}
      onChange={(o) => {
        setValue(o);
        onChange(o);
      }}
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  search.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('RemoteSelect', () => {
  it('searches once, 200 ms after the last keystroke, under the key keyword', async () => {
    renderWithApp(<Harness onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.change(input, { target: { value: 'G' } });
    await wait(150);
    fireEvent.change(input, { target: { value: 'Ge' } });
    await wait(199);
    expect(search).not.toHaveBeenCalled();
    await wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ keyword: 'Ge' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('is driven by the keyboard: arrows move, Enter picks, Escape puts the choice back', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'e' } });
    await wait(200);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toBe('Germany');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ value: '276', label: 'Germany' });
    expect(input.value).toBe('Germany');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'zz' } });
    await wait(200);
    expect(screen.getByRole('status').textContent).toBe('No matches');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('Germany');
  });
});
