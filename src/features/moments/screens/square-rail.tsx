/**
 * The square's right column on a wide screen (WIDE_QUERY): a few members to meet, each a way to their homepage,
 * and the way to everyone on /meet. Loaded only when the screen is that wide, so a phone never fetches it.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { userInfoAtom } from '#features/auth/index.ts';
import { fetchMeet } from '#features/social/index.ts';
import { useAsync } from '#lib/use-async.ts';
import { Avatar } from '#ui/avatar.tsx';
import { Button } from '#ui/button.tsx';

/** How many members the rail shows; one more is asked for, in case I am among them. */
export const RAIL_MEMBERS = 5;

export function SquareRail() {
  const { t } = useLingui();
  const me = useAtomValue(userInfoAtom);
  const meet = useAsync(() => fetchMeet({ page: 1, size: 10 }, { silent: true }), []);
  const people = (meet.data?.list ?? []).filter((u) => u.id !== me?.id).slice(0, RAIL_MEMBERS);
  // Nobody to meet yet: the column stays empty rather than holding an empty card.
  if (!meet.loading && !meet.error && people.length === 0) return null;
  return (
    <section className="square-rail-card" aria-labelledby="square-rail-title" aria-busy={meet.loading || undefined}>
      <h2 className="square-rail-title" id="square-rail-title">
        {t`Members to meet`}
      </h2>
      {meet.loading && (
        <ul className="square-rail-list" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="square-rail-member">
              <span className="moment-skel-bit moment-skel-avatar" />
              <span className="moment-skel-bit moment-skel-line" style={{ width: '60%' }} />
            </li>
          ))}
        </ul>
      )}
      {meet.error != null && (
        <div className="square-rail-error" role="alert">
          <p>{t`Members to meet could not be loaded.`}</p>
          <Button variant="secondary" size="sm" onClick={meet.reload}>
            {t`Try again`}
          </Button>
        </div>
      )}
      {people.length > 0 && (
        <ul className="square-rail-list">
          {people.map((u) => {
            const age = u.age;
            const facts = [age ? t`${age} years` : '', u.country].filter(Boolean).join(' · ');
            return (
              <li key={u.id}>
                <Link to="/homepage/$userId" params={{ userId: String(u.id) }} className="square-rail-member">
                  {/* The name follows; a letter avatar's initial would only repeat it to a screen reader. */}
                  <span aria-hidden="true">
                    <Avatar src={u.avatar} name={u.username} size={40} />
                  </span>
                  <span className="square-rail-who">
                    <bdi className="square-rail-name">{u.username}</bdi>
                    {facts && <span className="square-rail-facts">{facts}</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/meet" className="square-rail-more">
        {t`See everyone to meet`}
      </Link>
    </section>
  );
}
