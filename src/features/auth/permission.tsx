/**
 * The permission directive and helper (docs/product.md, Memberships and roles): an element tagged with a permission
 * is removed unless the stored permission list holds the tag; a tag left empty is a programming error and fails with
 * the product's message. An entry of its own (docs/architecture.md, Feature entry files), so any feature may tag its
 * elements, and the code joins only the chunks that use it (in auth's index.ts it would join every first load).
 */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { permissionsAtom } from './session.atoms.ts';

export const MISSING_TAG = '请设置操作权限标签值';

/** Whether `permissions` holds `tag` (any of the tags, given a list). Throws MISSING_TAG without a tag. */
export function hasPermission(permissions: readonly string[], tag: string | readonly string[] | undefined): boolean {
  const tags = typeof tag === 'string' ? [tag] : (tag ?? []);
  if (tags.length === 0 || tags.some((t) => t.trim() === '')) throw new Error(MISSING_TAG);
  return tags.some((t) => permissions.includes(t));
}

/** The helper for components: whether the signed-in member holds the tag. */
export function usePermission(tag: string | readonly string[]): boolean {
  return hasPermission(useAtomValue(permissionsAtom), tag);
}

/** Renders its children only for a member holding `tag`. */
export function Permission({ tag, children }: { tag: string | readonly string[]; children: ReactNode }) {
  return usePermission(tag) ? children : null;
}
