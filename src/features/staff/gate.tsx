/**
 * The console's door, in the /staff route's own small chunk: a member (who can only get here by typing the address)
 * is sent to /chat before anything of the console is fetched; staff get the console, a lazy chunk of its own. So
 * members download none of its code, and the first load of every page carries none of this.
 */
import { Navigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { lazyNamed } from '#ui/lazy.ts';

const Console = lazyNamed(() => import('./screens/staff-console.tsx').then((m) => m.StaffConsole));

export function StaffConsole() {
  if (!useAtomValue(userInfoAtom)?.staffAccount) return <Navigate to="/chat" replace />;
  return (
    <Suspense fallback={null}>
      <Console />
    </Suspense>
  );
}
