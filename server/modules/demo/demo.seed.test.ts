import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Moment } from '#protocol/moment.ts';
import { PERMISSIONS } from '#protocol/staff.ts';
import { isEmail } from '#protocol/validators.ts';
import { API, countUsers, login, makeApp, md5, type TestApp } from '../../test-helper.ts';
import { avatarSvg, initials } from './demo.avatars.ts';
import { DEMO_MOMENTS } from './demo.moments.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_STAFF, DEMO_USERNAME, seedDemo } from './demo.seed.ts';

describe('demo avatars', () => {
  it('draws initials on a circle and escapes text', () => {
    expect(initials('chen_wei')).toBe('CW');
    expect(initials('alice')).toBe('AL');
    const svg = avatarSvg('alice');
    expect(svg).toContain('<circle');
    expect(svg).toContain('>AL</text>');
    expect(avatarSvg('<&')).toContain('&#60;&#38;');
  });
});

describe('seedDemo', () => {
  it('has valid demo members with both levels', () => {
    expect(DEMO_MEMBERS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_MEMBERS.filter((m) => m.level).length).toBeGreaterThanOrEqual(2);
    for (const m of DEMO_MEMBERS) expect(isEmail(`${m.username.replace('_', '')}@amitydemo.com`)).toBe(true);
  });

  it('seeds an empty database once; alice signs in with demo1234 and is a VIP', async () => {
    let t: TestApp | undefined;
    try {
      t = await makeApp({ DEMO: '1' });
      // The members plus the one staff account.
      expect(await countUsers(t.app)).toBe(DEMO_MEMBERS.length + 1);
      expect(await seedDemo(t.app.amity.db, t.dataDir)).toBe(0);
      expect(await countUsers(t.app)).toBe(DEMO_MEMBERS.length + 1);
      const staff = await login(t.app, DEMO_STAFF, md5(DEMO_PASSWORD));
      const staffInfo = await t.app.inject({
        url: `${API}/info`,
        headers: { authorization: `Bearer ${staff.body.data}` },
      });
      expect(staffInfo.json().data).toMatchObject({ username: DEMO_STAFF, staffAccount: true });
      expect([...staffInfo.json().data.permissions].sort()).toEqual([...PERMISSIONS].sort());
      const res = await login(t.app, DEMO_USERNAME, md5(DEMO_PASSWORD));
      expect(res.status).toBe(200);
      const me = await t.app.inject({ url: `${API}/info`, headers: { authorization: `Bearer ${res.body.data}` } });
      expect(me.json().data).toMatchObject({
        username: 'alice',
        levelName: 'VIP',
        avatar: '/uploads/avatars/demo-alice.svg',
      });
      const file = join(t.dataDir, 'uploads', 'avatars', 'demo-alice.svg');
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('<svg');
      const avatar = await t.app.inject({ url: '/uploads/avatars/demo-alice.svg' });
      expect(avatar.statusCode).toBe(200);

      // The square has the demo moments, newest first, photos with alt text and responsive sizes.
      const square = await t.app.inject({
        url: '/h5-api/api/moment/square?size=20',
        headers: { authorization: `Bearer ${res.body.data}` },
      });
      const list = square.json().data.list as Moment[];
      expect(list.map((m) => m.user.username)).toEqual(DEMO_MOMENTS.map((m) => m.username).reverse());
      const photos = list.flatMap((m) => m.photos);
      expect(photos.length).toBe(DEMO_MOMENTS.filter((m) => m.photo).length);
      for (const photo of photos) {
        expect(photo).toMatchObject({ width: 1280, height: 854, alt: expect.stringMatching(/\S/) });
        expect(photo.sources.map((s) => s.width)).toEqual([320, 640, 1280]);
        expect((await t.app.inject({ url: photo.sources[0]!.webp })).headers['content-type']).toBe('image/webp');
      }
    } finally {
      await t?.close();
    }
  });

  it('DEMO=0 starts empty', async () => {
    const t = await makeApp({ DEMO: '0' });
    expect(await countUsers(t.app)).toBe(0);
    await t.close();
  });
});
