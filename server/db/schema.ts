/** Table types for Kysely. numeric and int8 columns arrive as strings (as node-postgres gives them); dates as 'YYYY-MM-DD'. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Media } from '#protocol/chat.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(12,2): read as a string to keep cents exact, written as number or string. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  birthday: string;
  gender: number;
  country: string;
  country_id: number | null;
  height: number | null;
  weight: number | null;
  language: Generated<string>;
  avatar: Generated<string>;
  sign: Generated<string>;
  staff_account: Generated<boolean>;
  buy_character_count: Generated<number>;
  give_character_count: Generated<number>;
  register_character_count: Generated<number>;
  /** Translation characters left on `day_characters_date` (UTC); another day means the full allowance. */
  day_characters: Generated<number>;
  day_characters_date: string | null;
  month_video_count: Generated<number>;
  /** UTC 'YYYY-MM' that month_video_count belongs to; another month means the level's full monthVideos. */
  month_video_month: string | null;
  buy_gold: Numeric;
  give_gold: Numeric;
  created_at: Timestamp;
  /** Null, or when a suspension ends (permanent: year 9999); migration 0010. */
  suspended_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked: Generated<boolean>;
  /** The member's permissions changed since this session last heard of them: the next request answers 498. */
  permissions_changed: Generated<boolean>;
}

export interface LedgerTable {
  id: Generated<string>;
  user_id: number;
  /** Which balance moved: register_character, give_character, buy_character, give_gold, buy_gold, day_character. */
  kind: string;
  delta: Numeric;
  balance_after: Numeric;
  reason: string;
  ref: string | null;
  created_at: Timestamp;
}

export interface MembershipsTable {
  user_id: number;
  level_name: string;
  level_sort: number;
  ends_at: Date;
  /** Set once the member was told (type 7) that this membership ended; cleared when it is extended. */
  end_noticed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  expires_at: Date;
  used: Generated<boolean>;
  created_at: Timestamp;
  /** 'reset' (password) or 'email' (change of address). */
  purpose: Generated<string>;
  /** The member changing their address ('email'); null for 'reset'. */
  user_id: number | null;
  /** Wrong guesses so far; the code dies at CODE_MAX_ATTEMPTS. */
  attempts: Generated<number>;
}

export interface CodeRequestsTable {
  id: Generated<string>;
  purpose: string;
  requester: string;
  requested_at: Date;
}

export interface UserPermissionsTable {
  user_id: number;
  permission: string;
}

export interface MessagesTable {
  /** bigserial: arrives as a string, like every int8. */
  id: Generated<string>;
  client_id: string;
  sender_id: number;
  to_id: number;
  type: number;
  msg: string;
  lang: Generated<string>;
  created_at: Timestamp;
  read_at: Date | null;
  translations: ColumnType<Record<string, string>, string | undefined, string>;
  /** Types 8 and 9 (migration 0011): the Media object of protocol/chat.ts. */
  media: ColumnType<Media | null, string | null | undefined, string | null>;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export interface ChatUnreadTable {
  user_id: number;
  n: number;
}

export interface LikesTable {
  user_id: number;
  liked_id: number;
  created_at: Timestamp;
}

export interface VisitsTable {
  visitor_id: number;
  visited_id: number;
  visited_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<string>;
  reporter_id: number;
  reported_id: number;
  type: number;
  created_at: Timestamp;
  /** 'open' or 'resolved'; one open report per reporter and member (migration 0010). */
  status: Generated<'open' | 'resolved'>;
  /** How it was resolved: dismiss, warn, suspend (or duplicate, for repeats closed by migration 0010). */
  action: string | null;
  note: Generated<string>;
  resolved_by: number | null;
  resolved_at: Date | null;
}

/** Every staff action: who (staff_id), what (action on target), when, and the values before and after. */
export interface AuditLogTable {
  id: Generated<string>;
  staff_id: number;
  action: string;
  target_type: string;
  target_id: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  note: Generated<string>;
  created_at: Timestamp;
}

/** One stored image, named by the sha256 of its stored bytes (`<hash>.<ext>`). */
export interface BlobsTable {
  key: string;
  bytes: number;
  width: number;
  height: number;
  created_at: Timestamp;
  /** Base64 ThumbHash of the image (empty for avatars and blobs stored before 0008). */
  thumbhash: Generated<string>;
  /** Responsive sizes, smallest first (empty for avatars and blobs stored before 0008). */
  variants: ColumnType<BlobVariant[], string | undefined, string>;
  /** Video and voice (migration 0011): playing time read from the container, and the type it is served as. */
  duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  mime: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One responsive size of a stored image: storage keys of its WebP and JPEG encodings. */
export interface BlobVariant {
  width: number;
  height: number;
  webp: string;
  jpeg: string;
}

/** One moment; `images` in the author's order. */
export interface MomentsTable {
  id: Generated<string>;
  user_id: number;
  text: string;
  images: ColumnType<{ url: string; alt: string }[], string, string>;
  created_at: Timestamp;
}

/** One accepted upload by a member; several may point at the same blob. */
export interface UploadsTable {
  id: Generated<string>;
  user_id: number;
  type: string;
  blob_key: string;
  received_bytes: number;
  created_at: Timestamp;
  /** The key a signed form upload chose (`u{id}/{name}.jpg`), a copy of the blob; null for direct uploads. */
  alias_key: Generated<string | null>;
}

export interface MemberConfigsTable {
  level_name: string;
  level_sort: number;
  day_characters: number;
  month_videos: number;
  show_identity: boolean;
}

export interface CatalogueSpecsTable {
  id: Generated<number>;
  type: 'character' | 'gold' | 'member';
  /** Characters, gold coins, or months of `level_name`. */
  num: number;
  level_name: string | null;
  amount: Numeric;
}

export interface OrdersTable {
  id: string;
  provider_order_id: string | null;
  user_id: number;
  target_id: number;
  type: 'character' | 'gold' | 'member';
  spec_id: number;
  amount: Numeric;
  gold_pay: boolean;
  blessing: Generated<string>;
  status: Generated<number>;
  capture_id: string | null;
  created_at: Timestamp;
  closed_at: Date | null;
}

export interface WebhookEventsTable {
  id: string;
  event_type: string;
  body: ColumnType<unknown, string, string>;
  received_at: Timestamp;
  processed_at: Date | null;
}

export interface SandboxOrdersTable {
  id: string;
  custom_id: string;
  amount: Numeric;
  currency: string;
  status: string;
  capture_id: string | null;
  capture_request_id: string | null;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  events: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  member_configs: MemberConfigsTable;
  catalogue_specs: CatalogueSpecsTable;
  orders: OrdersTable;
  webhook_events: WebhookEventsTable;
  sandbox_orders: SandboxOrdersTable;
  users: UsersTable;
  sessions: SessionsTable;
  ledger: LedgerTable;
  memberships: MembershipsTable;
  password_reset_codes: PasswordResetCodesTable;
  code_requests: CodeRequestsTable;
  user_permissions: UserPermissionsTable;
  messages: MessagesTable;
  blocks: BlocksTable;
  chat_unread: ChatUnreadTable;
  likes: LikesTable;
  visits: VisitsTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
  blobs: BlobsTable;
  uploads: UploadsTable;
  moments: MomentsTable;
  push_subscriptions: PushSubscriptionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MembershipRow = Selectable<MembershipsTable>;
