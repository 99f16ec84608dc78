/**
 * `npm run staff -- add NAME --perm TAG,TAG` (scripts/staff.ts): makes an existing member staff with exactly these
 * permission tags, or replaces the tags of one who is. `list` shows the staff accounts. On the embedded database it
 * needs DATA_DIR to itself, so while the server runs it refuses and says why.
 */
import { isPermission, PERMISSIONS } from '#protocol/staff.ts';
import { type Config, ConfigError } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { findUserByKeyword } from '../users/users.repository.ts';
import * as repo from './staff.repository.ts';

export const USAGE = `usage: npm run staff -- add NAME --perm TAG[,TAG…]
       npm run staff -- list
tags: ${PERMISSIONS.join(', ')}`;

export type CliCommand = { kind: 'add'; name: string; permissions: string[] } | { kind: 'list' };

/** The command line, or the message saying what is wrong with it. */
export function parseStaffArgs(args: readonly string[]): CliCommand | { error: string } {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return { kind: 'list' };
  if (command !== 'add') return { error: USAGE };
  let name: string | undefined;
  const permissions: string[] = [];
  let sawPerm = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--perm' || arg.startsWith('--perm=')) {
      const value = arg === '--perm' ? rest[++i] : arg.slice('--perm='.length);
      if (value === undefined) return { error: '--perm needs a list of tags' };
      sawPerm = true;
      permissions.push(
        ...value
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      );
    } else if (name === undefined && !arg.startsWith('--')) name = arg;
    else return { error: `unexpected argument ${arg}\n${USAGE}` };
  }
  if (!name) return { error: `NAME is missing\n${USAGE}` };
  if (!sawPerm) return { error: `--perm is missing\n${USAGE}` };
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length > 0) return { error: `unknown tag ${unknown.join(', ')}; tags: ${PERMISSIONS.join(', ')}` };
  return { kind: 'add', name, permissions: [...new Set(permissions)].sort() };
}

/** Runs one command; answers the exit code, writing what happened to `out` and what went wrong to `err`. */
export async function runStaffCli(
  config: Config,
  args: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const command = parseStaffArgs(args);
  if ('error' in command) {
    err(command.error);
    return 2;
  }
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof ConfigError && /in use by process/.test(error.message)) {
      err(
        `${error.message}.\nThe embedded database (PGlite) allows one process per DATA_DIR: stop the server, run this ` +
          'again, then start the server. (With DATABASE_URL set to PostgreSQL it runs beside the server.)',
      );
      return 1;
    }
    throw error;
  }
  try {
    if (command.kind === 'list') {
      const rows = await handle.db
        .selectFrom('users as u')
        .leftJoin('user_permissions as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.username', 'p.permission'])
        .where('u.staff_account', '=', true)
        .orderBy('u.id')
        .orderBy('p.permission')
        .execute();
      const byUser = new Map<string, string[]>();
      for (const r of rows) {
        const key = `${r.username} (id ${r.id})`;
        byUser.set(key, [...(byUser.get(key) ?? []), ...(r.permission ? [r.permission] : [])]);
      }
      if (byUser.size === 0) out('no staff accounts');
      for (const [who, tags] of byUser) out(`${who}: ${tags.join(',') || '(no tags)'}`);
      return 0;
    }
    const user = await findUserByKeyword(handle.db, command.name);
    if (!user) {
      err(`no member named ${command.name} (give a username or e-mail of an existing member)`);
      return 1;
    }
    await handle.db.transaction().execute(async (trx) => {
      const before = await repo.findStaff(trx, user.id);
      await repo.setPermissions(trx, user.id, command.permissions);
      await repo.insertAudit(trx, {
        staffId: 0,
        action: 'staff.permissions',
        targetType: 'member',
        targetId: user.id,
        before: { staffAccount: before?.staffAccount ?? false, permissions: (before?.permissions ?? []).sort() },
        after: { staffAccount: true, permissions: command.permissions },
        note: 'npm run staff',
        at: new Date(),
      });
    });
    out(`${user.username} (id ${user.id}) is staff with: ${command.permissions.join(',') || '(no tags)'}`);
    return 0;
  } finally {
    await handle.close();
  }
}
