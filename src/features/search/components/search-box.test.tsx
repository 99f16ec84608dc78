// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { searchKeywordAtom } from '../search.atoms.ts';
import { SearchBox } from './search-box.tsx';

afterEach(cleanup);

describe('SearchBox', () => {
  it('keeps at most 50 characters', () => {
    renderWithApp(<SearchBox onSearch={() => {}} />);
    const input = screen.getByRole('searchbox', { name: 'Search members' }) as HTMLInputElement;
    expect(input.maxLength).toBe(50);
    fireEvent.change(input, { target: { value: 'x'.repeat(60) } });
    expect(input.value).toHaveLength(50);
  });

  it('on Enter stores the username and navigates; typing alone does not', () => {
    const onSearch = vi.fn();
    const { store } = renderWithApp(<SearchBox onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search members' });
    fireEvent.change(input, { target: { value: '  mateo ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('mateo');
    expect(store.get(searchKeywordAtom)).toBe('mateo');
  });
});
