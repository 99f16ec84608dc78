import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'amity-lock-'));

describe('DATA_DIR lock', () => {
  it('writes our pid and removes the file on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'amity.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'amity.lock'))).toBe(false);
  });

  it('refuses a second opener while the holder lives, naming the process', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(`DATA_DIR ${dir} is in use by process ${process.pid}`);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(join(dir, 'amity.lock'), `${deadPid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'amity.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock file holding garbage', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'amity.lock'), 'not a pid');
    acquireDataDirLock(dir).release();
  });
});
