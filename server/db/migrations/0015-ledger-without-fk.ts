/**
 * Drops the foreign key of the ledger, as 0003 did for messages. Every ledger row is written in the transaction that
 * moves its member's balance, after the update of that member's row (locked, so there), and members are never
 * deleted: the key only repeated that check, once per row. On PGlite a settling batch of 200 gold payments writes
 * 400 ledger rows, and their 400 referential checks were 2 of its 5 ms of ledger. Without the cascade, the ledger also
 * outlives a member removed by hand: it is the record of money.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger drop constraint ledger_user_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger
      add constraint ledger_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(db);
}
