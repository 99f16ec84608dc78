/** Demo members for an empty database, so a fresh `npm start` has people to meet (DEMO=0 turns it off). */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REGISTER_CHARACTERS } from '#protocol/constants.ts';
import { PERMISSIONS } from '#protocol/staff.ts';
import { LEVEL_SENIOR, LEVEL_SORT, LEVEL_VIP } from '#protocol/user.ts';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../auth/auth.passwords.ts';
import { setPermissions } from '../staff/staff.repository.ts';
import { countUsers, insertLedgerRow, insertUser, upsertMembership } from '../users/users.repository.ts';
import { seedDemoActivity } from './demo.activity.ts';
import { avatarSvg } from './demo.avatars.ts';
import { seedDemoMoments } from './demo.moments.ts';

export const DEMO_USERNAME = 'alice';
export const DEMO_PASSWORD = 'demo1234';
/** The demo's one staff account (docs/api.md, Staff): every permission tag, the demo password. */
export const DEMO_STAFF = 'moderator';

interface DemoMember {
  username: string;
  gender: 1 | 2;
  country: string;
  countryId: number;
  birthday: string;
  language: string;
  sign: string;
  level?: typeof LEVEL_VIP | typeof LEVEL_SENIOR;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    username: 'alice',
    gender: 2,
    country: 'United States',
    countryId: 840,
    birthday: '1992-04-18',
    language: 'en-us',
    sign: 'Coffee, long walks and learning Spanish.',
    level: LEVEL_VIP,
  },
  {
    username: 'bruno',
    gender: 1,
    country: 'Brazil',
    countryId: 76,
    birthday: '1988-11-02',
    language: 'es-es',
    sign: 'Música, playa y buena conversación.',
  },
  {
    username: 'chen_wei',
    gender: 1,
    country: 'China',
    countryId: 156,
    birthday: '1990-07-23',
    language: 'zh-cn',
    sign: '喜欢旅行和摄影，想认识新朋友。',
    level: LEVEL_SENIOR,
  },
  {
    username: 'dasha',
    gender: 2,
    country: 'Russia',
    countryId: 643,
    birthday: '1995-01-09',
    language: 'ru-ru',
    sign: 'Люблю книги, горы и хороший чай.',
  },
  {
    username: 'elena',
    gender: 2,
    country: 'Spain',
    countryId: 724,
    birthday: '1993-09-30',
    language: 'es-es',
    sign: 'Bailo salsa los viernes.',
  },
  {
    username: 'felix',
    gender: 1,
    country: 'Germany',
    countryId: 276,
    birthday: '1986-03-14',
    language: 'de-de',
    sign: 'Radfahren, Kochen und Jazz.',
  },
  {
    username: 'haruka',
    gender: 2,
    country: 'Japan',
    countryId: 392,
    birthday: '1997-05-05',
    language: 'ja-jp',
    sign: '音楽と猫が大好きです。',
  },
  {
    username: 'jiwoo',
    gender: 1,
    country: 'South Korea',
    countryId: 410,
    birthday: '1996-12-21',
    language: 'ko-kr',
    sign: '등산과 커피를 좋아해요.',
  },
  {
    username: 'lin_mei',
    gender: 2,
    country: 'Taiwan',
    countryId: 158,
    birthday: '1991-08-08',
    language: 'zh-tw',
    sign: '喜歡烘焙和看電影。',
  },
  {
    username: 'marco',
    gender: 1,
    country: 'Italy',
    countryId: 380,
    birthday: '1985-06-17',
    language: 'en-us',
    sign: 'Pasta maker, football fan.',
    level: LEVEL_VIP,
  },
  {
    username: 'nadia',
    gender: 2,
    country: 'France',
    countryId: 250,
    birthday: '1999-02-27',
    language: 'en-us',
    sign: 'Painter by day, astronomer by night.',
  },
  {
    username: 'omar',
    gender: 1,
    country: 'Egypt',
    countryId: 818,
    birthday: '1994-10-11',
    language: 'en-us',
    sign: 'Ask me about the pyramids.',
  },
  {
    username: 'sofia',
    gender: 2,
    country: 'Mexico',
    countryId: 484,
    birthday: '2000-01-31',
    language: 'es-es',
    sign: 'Estudiante de medicina y amante de los perros.',
  },
];

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/** Seeds only when there are no members at all; returns how many were added. */
export async function seedDemo(db: Db, dataDir: string, now: Date = new Date()): Promise<number> {
  if ((await countUsers(db)) > 0) return 0;
  const avatars = join(dataDir, 'uploads', 'avatars');
  await mkdir(avatars, { recursive: true });
  // One hash for all: every demo member signs in with the demo password.
  const passwordHash = await hashPassword(md5(DEMO_PASSWORD));
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const m of DEMO_MEMBERS) {
      await writeFile(join(avatars, `demo-${m.username}.svg`), avatarSvg(m.username));
      const id = await insertUser(trx, {
        username: m.username,
        email: `${m.username.replace('_', '')}@amitydemo.com`,
        password_hash: passwordHash,
        birthday: m.birthday,
        gender: m.gender,
        country: m.country,
        country_id: m.countryId,
        height: m.gender === 1 ? 178 : 165,
        weight: m.gender === 1 ? 75 : 55,
        language: m.language,
        avatar: `/uploads/avatars/demo-${m.username}.svg`,
        sign: m.sign,
        register_character_count: REGISTER_CHARACTERS,
        buy_gold: 0,
        give_gold: 0,
      });
      ids.set(m.username, id);
      await insertLedgerRow(trx, {
        user_id: id,
        kind: 'register_character',
        delta: REGISTER_CHARACTERS,
        balance_after: REGISTER_CHARACTERS,
        reason: 'registration',
        ref: 'demo',
      });
      if (m.level) {
        await upsertMembership(trx, {
          user_id: id,
          level_name: m.level,
          level_sort: LEVEL_SORT[m.level],
          ends_at: new Date(now.getTime() + 30 * 86_400_000),
        });
      }
    }
    const staffId = await insertUser(trx, {
      username: DEMO_STAFF,
      email: `${DEMO_STAFF}@amitydemo.com`,
      password_hash: passwordHash,
      birthday: '1985-01-01',
      gender: 1,
      country: 'United States',
      country_id: 840,
      language: 'en-us',
      avatar: `/uploads/avatars/demo-${DEMO_STAFF}.svg`,
      sign: 'Amity moderation team',
      buy_gold: 0,
      give_gold: 0,
    });
    await writeFile(join(avatars, `demo-${DEMO_STAFF}.svg`), avatarSvg(DEMO_STAFF));
    await setPermissions(trx, staffId, PERMISSIONS);
    await seedDemoActivity(trx, ids, now);
    await seedDemoMoments(trx, dataDir, ids, now);
  });
  return DEMO_MEMBERS.length + 1;
}
