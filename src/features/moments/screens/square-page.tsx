/** /square: everyone's moments, newest first, with the composer on top. */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { userInfoAtom } from '#features/auth/index.ts';
import { SquareIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { fetchSquare } from '../moments.api.ts';
import { useMomentFeed } from '../use-moment-feed.ts';
import { MomentComposer } from './moment-composer.tsx';
import { MomentFeed } from './moment-feed.tsx';

const loadSquare = (cursor?: string) => fetchSquare({ cursor });

/** The square once its texts (the screens catalog) are in. */
export function SquarePage() {
  return (
    <ScreenCatalog>
      <Square />
    </ScreenCatalog>
  );
}

function Square() {
  const { t } = useLingui();
  const me = useAtomValue(userInfoAtom);
  const feed = useMomentFeed(loadSquare, 'square');
  return (
    <Page title={t`Square`}>
      <MomentComposer onPosted={feed.add} />
      <MomentFeed
        feed={feed}
        myId={me?.id ?? null}
        label={t`Moments on the square`}
        empty={{
          icon: <SquareIcon size={36} />,
          title: t`No moments yet`,
          text: t`Be the first: share a few words or photos above.`,
        }}
      />
    </Page>
  );
}
