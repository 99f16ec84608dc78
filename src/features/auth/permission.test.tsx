// @vitest-environment happy-dom
/** The permission directive and helper: removed without the tag, shown with it, and the product's error without a tag. */
import { cleanup, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { hasPermission, MISSING_TAG, Permission } from './permission.tsx';
import { permissionsAtom } from './session.atoms.ts';

afterEach(cleanup);

describe('hasPermission', () => {
  it('answers whether the list holds the tag (or any of several)', () => {
    expect(hasPermission(['report:read'], 'report:read')).toBe(true);
    expect(hasPermission(['report:read'], 'audit:read')).toBe(false);
    expect(hasPermission(['audit:read'], ['report:read', 'audit:read'])).toBe(true);
  });
  it("fails with '请设置操作权限标签值' without a tag", () => {
    expect(() => hasPermission(['x'], '')).toThrow(MISSING_TAG);
    expect(() => hasPermission(['x'], [])).toThrow('请设置操作权限标签值');
    expect(() => hasPermission(['x'], undefined)).toThrow(MISSING_TAG);
  });
});

describe('<Permission>', () => {
  const withPermissions = (list: string[]) => {
    const store = createStore();
    store.set(permissionsAtom, list);
    return store;
  };
  it('removes the element unless the stored list holds the tag', () => {
    renderWithApp(
      <>
        <Permission tag="member:suspend">
          <button type="button">Suspend</button>
        </Permission>
        <Permission tag="report:read">
          <button type="button">Review</button>
        </Permission>
      </>,
      withPermissions(['report:read']),
    );
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
  });
  it('follows the stored list when it changes (after a 498 refresh)', async () => {
    const store = withPermissions([]);
    renderWithApp(
      <Permission tag="audit:read">
        <span>Audit</span>
      </Permission>,
      store,
    );
    expect(screen.queryByText('Audit')).toBeNull();
    const { act } = await import('@testing-library/react');
    act(() => store.set(permissionsAtom, ['audit:read']));
    expect(screen.getByText('Audit')).toBeTruthy();
  });
  it('throws the product message when used without a tag', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderWithApp(
        <Permission tag="">
          <span>x</span>
        </Permission>,
      ),
    ).toThrow(MISSING_TAG);
    spy.mockRestore();
  });
});
