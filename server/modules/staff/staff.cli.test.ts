/** `npm run staff -- add NAME --perm …`: argument checks, making and updating staff, and the clear refusal while the
 * server holds the embedded database's DATA_DIR lock. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { acquireDataDirLock } from '../../db/lock.ts';
import { insertUser } from '../users/users.repository.ts';
import { parseStaffArgs, runStaffCli } from './staff.cli.ts';

describe('parseStaffArgs', () => {
  it('reads add NAME --perm TAG,TAG (also --perm=, repeated) and list', () => {
    expect(parseStaffArgs(['add', 'ann', '--perm', 'report:read,audit:read'])).toEqual({
      kind: 'add',
      name: 'ann',
      permissions: ['audit:read', 'report:read'],
    });
    expect(parseStaffArgs(['add', '--perm=report:read', 'ann', '--perm', 'report:read'])).toMatchObject({
      permissions: ['report:read'],
    });
    expect(parseStaffArgs(['list'])).toEqual({ kind: 'list' });
  });

  it('says what is wrong', () => {
    expect(parseStaffArgs([])).toMatchObject({ error: expect.stringContaining('usage:') });
    expect(parseStaffArgs(['add', 'ann'])).toMatchObject({ error: expect.stringContaining('--perm is missing') });
    expect(parseStaffArgs(['add', '--perm', 'x:y', 'ann'])).toMatchObject({
      error: expect.stringContaining('unknown tag x:y'),
    });
    expect(parseStaffArgs(['add', 'ann', '--perm'])).toMatchObject({ error: '--perm needs a list of tags' });
  });
});

describe('runStaffCli on PGlite in DATA_DIR', () => {
  it('makes a member staff, replaces the tags on a second run, and refuses while DATA_DIR is locked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'amity-staff-cli-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const handle = await openDatabase({ url: config.databaseUrl, dataDir });
    await insertUser(handle.db, {
      username: 'ann',
      email: 'ann@example.com',
      password_hash: 'x',
      birthday: '1990-01-01',
      gender: 2,
      country: 'Spain',
      country_id: null,
      height: null,
      weight: null,
      buy_gold: 0,
      give_gold: 0,
    });
    await handle.close();
    const out: string[] = [];
    const err: string[] = [];
    const run = (...args: string[]) =>
      runStaffCli(
        config,
        args,
        (l) => out.push(l),
        (l) => err.push(l),
      );

    expect(await run('add', 'ann', '--perm', 'report:read,member:read')).toBe(0);
    expect(out.at(-1)).toMatch(/^ann \(id \d+\) is staff with: member:read,report:read$/);
    expect(await run('add', 'ann', '--perm', 'audit:read')).toBe(0);
    expect(await run('list')).toBe(0);
    expect(out.at(-1)).toMatch(/^ann \(id \d+\): audit:read$/);
    expect(await run('add', 'nobody', '--perm', 'audit:read')).toBe(1);
    expect(err.at(-1)).toContain('no member named nobody');

    // A running server holds the lock: the command refuses and says what to do.
    const lock = acquireDataDirLock(dataDir);
    try {
      // Locks are per process: pretend the holder is another live process (our parent).
      const { writeFileSync } = await import('node:fs');
      writeFileSync(lock.path, `${process.ppid}\n`);
      expect(await run('add', 'ann', '--perm', 'report:read')).toBe(1);
      expect(err.at(-1)).toContain(`is in use by process ${process.ppid}`);
      expect(err.at(-1)).toContain('stop the server');
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(lock.path, { force: true });
    }
    expect(await run('list')).toBe(0);
  }, 60_000);
});
