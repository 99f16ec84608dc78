// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pagination, usePageSize } from './pagination.tsx';
import { activateEnglish, renderWithApp } from './test-render.tsx';

beforeEach(() => {
  localStorage.clear();
  activateEnglish();
});
afterEach(cleanup);

const pageButtons = () => screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));

describe('Pagination', () => {
  it('is hidden when the total is 0', () => {
    const { container } = renderWithApp(<Pagination page={1} size={10} total={0} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows 7 page buttons, 5 in small mode, with the current page marked', () => {
    renderWithApp(<Pagination page={10} size={10} total={200} onChange={() => {}} small={false} />);
    expect(pageButtons()).toEqual([1, 8, 9, 10, 11, 12, 20]);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Total 200')).toBeTruthy();
    cleanup();
    renderWithApp(<Pagination page={10} size={10} total={200} onChange={() => {}} small />);
    expect(pageButtons()).toEqual([1, 9, 10, 11, 20]);
  });

  it('offers sizes 5-50; a new size starts at page 1; prev and next stop at the ends', () => {
    const onChange = vi.fn();
    renderWithApp(<Pagination page={1} size={10} total={45} onChange={onChange} small={false} />);
    const select = screen.getByRole('combobox', { name: 'Per page' }) as HTMLSelectElement;
    expect([...select.options].map((o) => Number(o.value))).toEqual([5, 10, 20, 30, 40, 50]);
    expect(select.value).toBe('10');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 10);
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange).toHaveBeenLastCalledWith(5, 10);
    fireEvent.change(select, { target: { value: '20' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });

  it('follows the screen width when small is not given', () => {
    const matchMedia = vi.fn(() => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
    vi.stubGlobal('matchMedia', matchMedia);
    renderWithApp(<Pagination page={1} size={5} total={100} onChange={() => {}} />);
    expect(pageButtons()).toEqual([1, 2, 3, 4, 20]);
    vi.unstubAllGlobals();
  });
});

describe('usePageSize', () => {
  it('defaults to 10 and remembers the choice per route name', () => {
    const a = renderHook(() => usePageSize('like-me'));
    expect(a.result.current[0]).toBe(10);
    act(() => a.result.current[1](30));
    expect(a.result.current[0]).toBe(30);
    expect(renderHook(() => usePageSize('like-me')).result.current[0]).toBe(30);
    expect(renderHook(() => usePageSize('visitor')).result.current[0]).toBe(10);
    localStorage.setItem('pageSize:meet', '7');
    expect(renderHook(() => usePageSize('meet')).result.current[0]).toBe(10);
  });
});
