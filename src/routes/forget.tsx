import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { LanguageMenu } from '#app/layout/language-menu.tsx';
import { AuthShell, ForgetForm } from '#features/auth/forms.ts';
import { type AuthSearch, resolveGuard, tokenAtom, validateAuthSearch } from '#features/auth/index.ts';

/** Spec 2: password recovery, the login page in recovery mode. */
export const Route = createFileRoute('/forget')({
  validateSearch: validateAuthSearch,
  beforeLoad: ({ context, location }) => {
    const target = resolveGuard(location.pathname, context.store.get(tokenAtom));
    if (target) throw redirect({ href: target, replace: true });
  },
  component: ForgetPage,
});

function ForgetPage() {
  const { t } = useLingui();
  const search: AuthSearch = Route.useSearch();
  const navigate = useNavigate();
  return (
    <AuthShell
      title={t`Reset your password`}
      subtitle={t`We will e-mail you a code to choose a new password.`}
      corner={<LanguageMenu />}
    >
      <ForgetForm
        onDone={() => void navigate({ to: '/login', search, replace: true })}
        footer={
          <Link to="/login" search={search} className="link link-strong">
            <Trans>Back to sign in</Trans>
          </Link>
        }
      />
    </AuthShell>
  );
}
