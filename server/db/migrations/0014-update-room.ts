/**
 * Room on each page for a row's next version. Every payment, translation and sign-in rewrites a `users` or `sessions`
 * row (balances, day characters, last use) without touching an indexed column: with free space on its page,
 * PostgreSQL writes the new version there and leaves the indexes alone (a heap-only tuple); on a full page it
 * writes it elsewhere and adds an entry to every index (users has five). A batch of 200 gold payments spent 13 ms
 * moving balances, most of it in those index entries. Pages written from now on keep 30% free; existing pages get it
 * as they are rewritten.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users set (fillfactor = 70)`.execute(db);
  await sql`alter table sessions set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users reset (fillfactor)`.execute(db);
  await sql`alter table sessions reset (fillfactor)`.execute(db);
}
