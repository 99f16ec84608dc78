import { useLingui } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Button } from '#ui/button.tsx';
import { EmptyState, Spinner } from '#ui/empty-state.tsx';
import { AlertIcon } from '#ui/icons.tsx';

/** Route error boundary: says what happened and offers a retry that re-runs the route's loaders. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <div className="page" role="alert">
      <EmptyState
        icon={<AlertIcon size={36} />}
        title={t`Something went wrong`}
        action={
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t`Try again`}
          </Button>
        }
      >
        {error instanceof Error && error.message ? error.message : t`Please try again in a moment.`}
      </EmptyState>
    </div>
  );
}

export function RoutePending() {
  const { t } = useLingui();
  return <Spinner label={t`Loading…`} />;
}
