import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { LanguageMenu } from '#app/layout/language-menu.tsx';
import { AuthShell, RegisterForm } from '#features/auth/forms.ts';
import { type AuthSearch, afterSignIn, resolveGuard, tokenAtom, validateAuthSearch } from '#features/auth/index.ts';

/** The login page's sign-up mode: after success the member is signed in and goes on (to /chat). */
export const Route = createFileRoute('/register')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context, location }) => {
    const target = resolveGuard(location.pathname, context.store.get(tokenAtom));
    if (target) throw redirect({ href: target, replace: true });
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useLingui();
  const search: AuthSearch = Route.useSearch();
  const navigate = useNavigate();
  return (
    <AuthShell
      title={t`Create an account`}
      subtitle={t`It takes a minute. 1500 free translation characters are waiting.`}
      corner={<LanguageMenu />}
    >
      <RegisterForm
        onRegistered={() => void navigate({ href: afterSignIn(search.redirect), replace: true })}
        footer={
          <>
            <Trans>Already have an account?</Trans>{' '}
            <Link to="/login" search={search} className="link link-strong">
              <Trans>Sign in</Trans>
            </Link>
          </>
        }
      />
    </AuthShell>
  );
}
