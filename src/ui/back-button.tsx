/**
 * The back button of docs/product.md, Routes ('A back button returns to the previous page in history'), for pages
 * reached from elsewhere (profile, change password, a homepage, recharge, VIP): `<Page back={<BackButton />}>`.
 * A page opened directly (a bookmark, a new tab) has nowhere in the app to go back to, so it shows nothing then.
 */
import { useLingui } from '@lingui/react/macro';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeftIcon } from './more-icons.tsx';

export function BackButton() {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  if (!canGoBack) return null;
  return (
    <button type="button" className="btn btn-ghost btn-sm back-button" onClick={() => router.history.back()}>
      <ArrowLeftIcon size={18} />
      <span>{t`Back`}</span>
    </button>
  );
}
