/** Test doubles for chat (tests only): messages, a fake socket transport and a fake REST api. */
import type { ClientFrame, Message, ServerFrame } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { ChatCache } from './chat.cache.ts';
import type { Conversation } from './chat.rules.ts';
import type { ChatApi, ChatTransport } from './chat.service.ts';
import type { OutboxFiles, OutboxRecord } from './outbox.rules.ts';

export const ME = 1;
export const ALICE = 7;

export const msg = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  clientId: `c${id}`,
  senderId: ALICE,
  toId: ME,
  type: 1,
  msg: `hello ${id}`,
  lang: 'en',
  createdAt: `2026-11-20T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
  readAt: null,
  translations: {},
  ...over,
});

export const user = (id: number, username: string, over: Partial<BaseUser> = {}): BaseUser => ({
  id,
  username,
  avatar: '',
  levelName: '',
  birthday: '1999-01-01',
  age: 27,
  constellation: 'Capricorn',
  gender: 2,
  country: 'ES',
  sign: '',
  ...over,
});

export class FakeTransport implements ChatTransport {
  sent: ClientFrame[] = [];
  /** False: send() resolves false (the socket could not send). */
  connected = true;
  status: ChatTransport['status'] = 'open';
  /** The browser's online flag. */
  online = true;
  private frames = new Set<(f: ServerFrame) => void>();
  private statuses = new Set<(s: ChatTransport['status']) => void>();
  async send(frame: ClientFrame) {
    if (!this.connected) return false;
    this.sent.push(frame);
    return true;
  }
  onFrame(l: (f: ServerFrame) => void) {
    this.frames.add(l);
    return () => this.frames.delete(l);
  }
  onStatus(l: (s: ChatTransport['status']) => void) {
    this.statuses.add(l);
    return () => this.statuses.delete(l);
  }
  /** The browser goes offline or back online (the socket's own reaction is lib/socket.ts's, tested there). */
  network(online: boolean) {
    this.online = online;
    for (const l of this.statuses) l(this.status);
  }
  serverSends(frame: unknown) {
    for (const l of this.frames) l(frame as ServerFrame);
  }
  opens() {
    this.status = 'open';
    this.connected = true;
    for (const l of this.statuses) l('open');
  }
  /** The connection drops: nothing can be sent until `opens()`. */
  drops() {
    this.status = 'closed';
    this.connected = false;
    for (const l of this.statuses) l('closed');
  }
  sentOf<A extends ClientFrame['action']>(action: A) {
    return this.sent.filter((f) => f.action === action) as Extract<ClientFrame, { action: A }>[];
  }
}

export function fakeApi(data: {
  conversations?: Conversation[];
  history?: Record<number, Message[]>;
  peers?: BaseUser[];
}) {
  return {
    fetchConversations: async () => data.conversations ?? [],
    fetchHistory: async (peerId: number, before?: number) =>
      (data.history?.[peerId] ?? []).filter((m) => before === undefined || m.id < before),
    fetchChatPeer: async (id: number) => {
      const peer = data.peers?.find((p) => p.id === id);
      if (!peer) throw new Error('not found');
      return peer;
    },
    fetchUnread: async () => 0,
  } satisfies ChatApi;
}

/** The offline copy in memory, for tests: paging is exact (the IndexedDB walk is tested in lib/storage.test.ts). */
export function createMemoryChatCache(): ChatCache & {
  rows: Map<number, Map<number, Message>>;
  files: Map<string, OutboxFiles>;
} {
  const rows = new Map<number, Map<number, Message>>();
  const outbox = new Map<string, OutboxRecord>();
  const files = new Map<string, OutboxFiles>();
  let list: Conversation[] | undefined;
  let syncedAt: number | undefined;
  let owner: number | undefined;
  return {
    rows,
    files,
    async readPage(peerId, size, before) {
      const all = [...(rows.get(peerId)?.values() ?? [])]
        .filter((m) => before === undefined || m.id < before)
        .sort((a, b) => a.id - b.id);
      return { rows: all.slice(-size), more: all.length > size };
    },
    warm() {},
    saveMessages(peerId, messages) {
      const peer = rows.get(peerId) ?? new Map<number, Message>();
      rows.set(peerId, peer);
      for (const m of messages) peer.set(m.id, m);
    },
    readConversations: async () => list,
    saveConversations(next) {
      list = [...next];
    },
    readSyncedAt: async () => syncedAt,
    saveSyncedAt(at) {
      syncedAt = at;
    },
    async claim(me) {
      if (owner !== undefined && owner !== me) {
        rows.clear();
        outbox.clear();
        files.clear();
        list = undefined;
      }
      owner = me;
    },
    outboxRows: {
      all: async () => [...outbox.values()],
      put: async (r) => void outbox.set(r.clientId, r),
      delete: async (clientId) => void outbox.delete(clientId),
    },
    outboxFiles: {
      get: async (clientId) => files.get(clientId),
      put: async (clientId, f) => void files.set(clientId, f),
      delete: async (clientId) => void files.delete(clientId),
    },
    flush: async () => {},
    dispose() {},
  };
}
