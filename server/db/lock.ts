/** One process per DATA_DIR: PGlite takes no lock of its own, and two writers on one folder lose data. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config.ts';

export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates DATA_DIR/amity.lock holding our pid, atomically (`wx`). A lock left by a dead process is taken over;
 * a live holder stops us with a message naming it. Locks are per process, so a second open in the same
 * process (tests) is refused too.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'amity.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    } catch {
      continue; // Removed between our write and read: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new ConfigError(`DATA_DIR ${dataDir} is in use by process ${holder} (lock file ${path})`);
    }
    rmSync(path, { force: true }); // Stale: its process is gone.
  }
  throw new ConfigError(`could not take the lock file ${path}`);
}
