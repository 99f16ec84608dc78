import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_UPLOAD_PATH } from '#protocol/validators.ts';
import { makeApp, register, type TestApp } from '../../test-helper.ts';
import { clearForeignAvatars } from './0006-uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

describe('0006: avatars stored before the image URL rule', () => {
  it('clears every avatar that is not a path of our uploads, and keeps ours', async () => {
    const cases: [string, boolean][] = [
      ['/uploads/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.jpg', true],
      ['/uploads/avatars/demo-alice.svg', true],
      ['/uploads/media/abc.png', true],
      ['', true],
      ['javascript:alert(1)', false],
      ['https://evil.com/x.png', false],
      ['//evil.com/x.png', false],
      ['/uploads/../../etc/passwd', false],
      [' /uploads/a.png', false],
      ['/uploads/a.png\n', false],
      ['/uploads/a.PNG', false],
      ['/uploads/aXpng', false],
    ];
    const db = t.app.amity.db;
    const ids: number[] = [];
    for (const [avatar] of cases) {
      const { username } = await register(t.app);
      const row = await db
        .updateTable('users')
        .set({ avatar })
        .where('username', '=', username)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    expect(await clearForeignAvatars(db as unknown as Kysely<unknown>)).toBe(cases.filter(([, kept]) => !kept).length);
    for (const [i, [avatar, kept]] of cases.entries()) {
      const row = await db.selectFrom('users').select('avatar').where('id', '=', ids[i]!).executeTakeFirstOrThrow();
      expect({ avatar, now: row.avatar }).toEqual({ avatar, now: kept ? avatar : '' });
      // The SQL pattern and protocol's rule agree.
      if (avatar !== '') expect(OWN_UPLOAD_PATH.test(avatar)).toBe(kept);
    }
  });
});
