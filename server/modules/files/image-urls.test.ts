/**
 * Every field that takes an image URL (the avatar of PUT /api/system/user/update, the msg of a type 2 chat message)
 * takes only a path of our own uploads, whatever an attacker puts in it; and the path an upload answers is taken.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listeningTestApp, member } from '../../realtime/socket-test-client.ts';
import { bearer, call } from '../../test-helper.ts';
import { jpeg, postUpload } from './test-images.ts';

const t = listeningTestApp();

const ATTACKS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JavaScript:alert(document.cookie)//.png',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001/uploads/a.png',
  '\t/uploads/a.png',
  ' /uploads/a.png',
  '/uploads/a.png\n',
  'data:image/png;base64,iVBORw0KGgo=',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://evil.com/x.png',
  'HTTPS://EVIL.COM/x.png',
  '//evil.com/x.png',
  '/\\evil.com/x.png',
  'https://evil.com/uploads/..',
  'https://evil.com/uploads/media/a.png',
  '/uploads/../../etc/passwd',
  '/uploads/%2e%2e/%2e%2e/etc/passwd.png',
  '/uploads/a.png?"><script>alert(1)</script>',
  '/uploads/\u202egnp.exe',
  '/assets/index.js',
];

async function uploadPath(token: string): Promise<string> {
  const res = await postUpload(t.app, '/avatar', await jpeg(32, 32, '#c84'), { token, filename: 'me.jpg' });
  return (res.json() as { data: string }).data;
}

describe('avatar (PUT /api/system/user/update)', () => {
  it('refuses every URL that is not one of our uploads with 400, and keeps the old avatar', async () => {
    const me = await member(t.app);
    const own = await uploadPath(me.token);
    const update = (avatar: string) =>
      call(t.app, {
        method: 'PUT',
        url: '/h5-api/api/system/user/update',
        payload: { avatar },
        headers: bearer(me.token),
      });
    expect((await update(own)).body.data).toMatchObject({ avatar: own });
    for (const avatar of ATTACKS) {
      const res = await update(avatar);
      expect({ avatar, status: res.status }).toEqual({ avatar, status: 400 });
      // A NUL is refused first by the text rule every field has.
      expect(res.body.message).toBe(
        avatar.includes('\0')
          ? 'avatar must not contain a NUL character'
          : 'avatar must be the path of an image uploaded here',
      );
    }
    const info = await call(t.app, { method: 'GET', url: '/h5-api/api/system/user/info', headers: bearer(me.token) });
    expect(info.body.data).toMatchObject({ avatar: own });
    // An empty avatar removes the picture; the demo members' generated avatars are paths of ours too.
    expect((await update('')).body.data).toMatchObject({ avatar: '' });
    expect((await update('/uploads/avatars/demo-alice.svg')).status).toBe(200);
  });
});

describe('image message (chart frame of type 2)', () => {
  it('refuses every URL that is not one of our uploads with 400, and delivers our own', async () => {
    const a = await member(t.app);
    const b = await member(t.app);
    const own = await uploadPath(a.token);
    const sa = await t.open(a.token);
    const sb = await t.open(b.token);
    for (const msg of ATTACKS) {
      sa.send({ action: 'chart', data: { toId: b.id, type: 2, msg, lang: 'en', clientId: randomUUID() } });
      const answer = await sa.next((f) => f.action === 'chart');
      expect({ msg, code: answer.code }).toEqual({ msg, code: 400 });
      expect(answer.message).toMatch(msg.includes('\0') ? /^msg must not contain a NUL/ : /URL of an uploaded image/);
    }
    sa.send({ action: 'chart', data: { toId: b.id, type: 2, msg: own, lang: 'en', clientId: randomUUID() } });
    expect(await sa.next((f) => f.action === 'chart')).toMatchObject({ code: 200 });
    // The peer receives only the one real photo.
    expect(await sb.next((f) => f.action === 'chart')).toMatchObject({ data: { type: 2, msg: own } });
    await sb.roundTrip();
    expect(sb.frames.filter((f) => f.action === 'chart')).toEqual([]);
  });
});
