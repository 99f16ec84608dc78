/** SQL of the catalogue (docs/api.md, Commerce): packages and the member config, as seeded by migration 0007. */
import { sql, type Transaction } from 'kysely';
import type { BuyType, CharacterSpec, MemberAllowances, MemberConfig } from '#protocol/commerce.ts';
import type { LevelName } from '#protocol/user.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** A package as the order needs it: what it credits (`num` characters, gold or months of `levelName`) and its price. */
export interface Spec {
  id: number;
  type: BuyType;
  num: number;
  levelName: LevelName | undefined;
  levelSort: number | undefined;
  amount: number;
}

export async function packages(db: Executor, type: 'character' | 'gold'): Promise<CharacterSpec[]> {
  const rows = await db
    .selectFrom('catalogue_specs')
    .select(['id', 'num', 'amount'])
    .where('type', '=', type)
    .orderBy('amount')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, num: r.num, amount: Number(r.amount) }));
}

/** VIP first, senior second (docs/api.md): by level_sort descending. */
/** What each level allows (day characters, videos a month) and its sort, without its plans: one query. */
export async function memberAllowances(db: Executor): Promise<MemberAllowances[]> {
  const rows = await db
    .selectFrom('member_configs')
    .select(['level_name', 'level_sort', 'day_characters', 'month_videos'])
    .execute();
  return rows.map((c) => ({
    levelName: c.level_name as LevelName,
    levelSort: c.level_sort,
    dayCharacters: c.day_characters,
    monthVideos: c.month_videos,
  }));
}

export async function memberConfigs(db: Executor): Promise<MemberConfig[]> {
  const [configs, specs] = await Promise.all([
    db.selectFrom('member_configs').selectAll().orderBy('level_sort', 'desc').execute(),
    db
      .selectFrom('catalogue_specs')
      .select(['id', 'num', 'amount', 'level_name'])
      .where('type', '=', 'member')
      .orderBy('num')
      .orderBy('id')
      .execute(),
  ]);
  return configs.map((c) => ({
    levelName: c.level_name as LevelName,
    levelSort: c.level_sort,
    dayCharacters: c.day_characters,
    monthVideos: c.month_videos,
    showIdentity: c.show_identity,
    specs: specs
      .filter((s) => s.level_name === c.level_name)
      .map((s) => ({ id: s.id, monthNum: s.num, amount: Number(s.amount) })),
  }));
}

/**
 * The catalogue entries of `ids` (one query for a batch of orders); an id no longer in the catalogue is absent. Both
 * steps of every purchase run it: written as SQL, since building it with the query builder cost 40 µs a time.
 */
export async function findSpecs(db: Executor, ids: readonly number[]): Promise<Map<number, Spec>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{
    id: number;
    type: BuyType;
    num: number;
    amount: string;
    level_name: string | null;
    level_sort: number | null;
  }>`
    select s.id, s.type, s.num, s.amount, s.level_name, c.level_sort
    from catalogue_specs s left join member_configs c on c.level_name = s.level_name
    where s.id = any(${[...new Set(ids)]}::int[])`.execute(db);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        type: row.type,
        num: row.num,
        levelName: (row.level_name ?? undefined) as LevelName | undefined,
        levelSort: row.level_sort ?? undefined,
        amount: Number(row.amount),
      },
    ]),
  );
}

/** The catalogue entry `id` when it is of `type`. */
export async function findSpec(db: Executor, type: BuyType, id: number): Promise<Spec | undefined> {
  const spec = (await findSpecs(db, [id])).get(id);
  return spec?.type === type ? spec : undefined;
}
