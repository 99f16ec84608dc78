import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { watchAvailability } from './availability.ts';

describe('watchAvailability', () => {
  it('turns new API work and socket upgrades away with 503 while the database is gone, and recovers', async () => {
    const app = Fastify();
    let databaseUp = true;
    const onDown = vi.fn();
    const availability = watchAvailability(app, {
      probeDatabase: async () => databaseUp,
      bus: { publish: async () => {}, subscribe: () => () => {}, close: async () => {} },
      onDown,
      intervalMs: 60_000,
    });
    app.get('/h5-api/work', async () => 'done');
    app.get('/h5-api/health', async () => 'health answers itself');
    app.get('/assets/app.js', async () => 'static files need neither');
    try {
      expect(await availability.check()).toEqual({ database: true, redis: true });
      expect((await app.inject('/h5-api/work')).statusCode).toBe(200);

      databaseUp = false;
      expect(await availability.check()).toEqual({ database: false, redis: true });
      await availability.check();
      expect(onDown).toHaveBeenCalledTimes(1);
      const refused = await app.inject('/h5-api/work');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ code: 503, data: null });
      expect((await app.inject('/ws/some-token')).statusCode).toBe(503);
      expect((await app.inject('/h5-api/health')).body).toBe('health answers itself');
      expect((await app.inject('/assets/app.js')).statusCode).toBe(200);

      databaseUp = true;
      await availability.check();
      expect(availability.up).toBe(true);
      expect((await app.inject('/h5-api/work')).statusCode).toBe(200);
    } finally {
      availability.stop();
      await app.close();
    }
  });

  it('counts a database that does not answer in time, or a bus that says it is down, as gone', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    let busUp = true;
    const availability = watchAvailability(app, {
      probeDatabase: () => new Promise<boolean>(() => {}),
      bus: { publish: async () => {}, subscribe: () => () => {}, close: async () => {}, healthy: () => busUp },
      onDown: () => {},
      intervalMs: 60_000,
    });
    try {
      const parts = availability.check();
      await vi.advanceTimersByTimeAsync(2000);
      expect(await parts).toEqual({ database: false, redis: true });
      busUp = false;
      const again = availability.check();
      await vi.advanceTimersByTimeAsync(2000);
      expect((await again).redis).toBe(false);
    } finally {
      vi.useRealTimers();
      availability.stop();
      await app.close();
    }
  });
});
