/** The one migration set, in code so that it runs the same from source, tests and any packaging. */
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as chat from './0002-chat.ts';
import * as messagesWithoutFk from './0003-messages-without-fk.ts';
import * as social from './0004-social.ts';
import * as codes from './0005-codes.ts';
import * as uploads from './0006-uploads.ts';
import * as commerce from './0007-commerce.ts';
import * as moments from './0008-moments.ts';
import * as staff from './0010-staff.ts';
import * as media from './0011-media.ts';
import * as push from './0012-push.ts';
import * as blobReferences from './0013-blob-references.ts';
import * as updateRoom from './0014-update-room.ts';
import * as ledgerWithoutFk from './0015-ledger-without-fk.ts';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-chat': chat,
  '0003-messages-without-fk': messagesWithoutFk,
  '0004-social': social,
  '0005-codes': codes,
  '0006-uploads': uploads,
  '0007-commerce': commerce,
  '0008-moments': moments,
  '0010-staff': staff,
  '0011-media': media,
  '0012-push': push,
  '0013-blob-references': blobReferences,
  '0014-update-room': updateRoom,
  '0015-ledger-without-fk': ledgerWithoutFk,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: where the migration tables are looked for and made. Needed when several schemas share one PostgreSQL
 * database (tests): without it Kysely takes another schema's lock table for this one's and fails.
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  // Numbers are handed out to parallel work, so 0005 may land after 0006 ran somewhere; they never depend on each other.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export { Migrator, provider as migrationProvider };
