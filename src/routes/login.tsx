import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { LanguageMenu } from '#app/layout/language-menu.tsx';
import { AuthShell, LoginForm } from '#features/auth/forms.ts';
import { type AuthSearch, afterSignIn, resolveGuard, tokenAtom, validateAuthSearch } from '#features/auth/index.ts';

export const Route = createFileRoute('/login')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context, location }) => {
    const target = resolveGuard(location.pathname, context.store.get(tokenAtom));
    if (target) throw redirect({ href: target, replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useLingui();
  const search: AuthSearch = Route.useSearch();
  const navigate = useNavigate();
  return (
    <AuthShell title={t`Welcome back`} subtitle={t`Sign in to continue to your chats.`} corner={<LanguageMenu />}>
      <LoginForm
        onSignedIn={() => void navigate({ href: afterSignIn(search.redirect), replace: true })}
        forgotLink={
          <Link to="/forget" search={search} className="link">
            <Trans>Forgot password?</Trans>
          </Link>
        }
        footer={
          <>
            <Trans>New to Amity?</Trans>{' '}
            <Link to="/register" search={search} className="link link-strong">
              <Trans>Create an account</Trans>
            </Link>
          </>
        }
      />
    </AuthShell>
  );
}
