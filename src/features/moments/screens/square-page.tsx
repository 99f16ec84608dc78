/**
 * /square: everyone's moments, newest first, with the composer on top; on a wide screen members to meet beside
 * them (square-rail.tsx, loaded only there).
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { useMediaQuery } from '#lib/use-media-query.ts';
import { SquareIcon } from '#ui/icons.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { fetchSquare } from '../moments.api.ts';
import { useMomentFeed } from '../use-moment-feed.ts';
import { MomentComposer } from './moment-composer.tsx';
import { MomentFeed } from './moment-feed.tsx';

const loadSquare = (cursor?: string) => fetchSquare({ cursor });

const SquareRail = lazy(() => import('./square-rail.tsx').then((m) => ({ default: m.SquareRail })));

/** Wide enough for a third column beside the side panel and the 640 px feed (moments.css `.square-layout`). */
export const WIDE_QUERY = '(min-width: 1360px)';

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
  const wide = useMediaQuery(WIDE_QUERY);
  return (
    <Page title={t`Square`}>
      <div className="square-layout">
        <div className="square-main">
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
        </div>
        {wide && (
          <aside className="square-rail">
            <Suspense fallback={null}>
              <SquareRail />
            </Suspense>
          </aside>
        )}
      </div>
    </Page>
  );
}
