/** Issue 13 over live sockets: a suspension closes the member's sockets within a second (401, then 4401); a change of
 * a staff member's permissions reaches their open sockets at once as a 498 frame. */
import { describe, expect, it } from 'vitest';
import { listeningTestApp } from '../../realtime/socket-test-client.ts';
import { bearer, call } from '../../test-helper.ts';
import { member } from '../social/social.test-kit.ts';
import { staff } from './staff.test-kit.ts';

const t = listeningTestApp();

describe('staff actions on live sockets', () => {
  it('suspending closes every socket of the member within a second with 401', async () => {
    const mod = await staff(t.app, ['member:suspend']);
    const m = await member(t.app);
    const [s1, s2] = await Promise.all([t.open(m.token), t.open(m.token)]);
    await Promise.all([s1.roundTrip(), s2.roundTrip()]);
    const started = Date.now();
    const res = await call(t.app, {
      method: 'POST',
      url: `/h5-api/api/staff/members/${m.id}/suspend`,
      headers: bearer(mod.token),
      payload: { days: 1, note: 'test' },
    });
    expect(res.body.code).toBe(200);
    for (const s of [s1, s2]) {
      const closed = await s.closed;
      expect(closed.code).toBe(4401);
      expect(s.frames.at(-1)).toMatchObject({ code: 401 });
    }
    expect(Date.now() - started).toBeLessThan(1000);
    // Its token cannot open another.
    const again = await t.open(m.token);
    expect((await again.closed).code).toBe(4401);
  });

  it("changing permissions sends the member's sockets a 498 frame", async () => {
    const admin = await staff(t.app, ['staff:admin']);
    const s = await staff(t.app, ['report:read']);
    const socket = await t.open(s.token);
    await socket.roundTrip();
    const res = await call(t.app, {
      method: 'PUT',
      url: `/h5-api/api/staff/members/${s.id}/permissions`,
      headers: bearer(admin.token),
      payload: { permissions: ['report:read', 'audit:read'] },
    });
    expect(res.body.code).toBe(200);
    expect(await socket.next((f) => f.code === 498)).toMatchObject({ code: 498 });
  });
});
