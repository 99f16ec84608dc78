/** Test doubles for chat (tests only): messages, a fake socket transport and a fake REST api. */
import type { ClientFrame, Message, ServerFrame } from '#protocol/chat.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { Conversation } from './chat.rules.ts';
import type { ChatApi, ChatTransport } from './chat.service.ts';

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
  private networks = new Set<(online: boolean) => void>();
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
  onNetwork(l: (online: boolean) => void) {
    this.networks.add(l);
    return () => this.networks.delete(l);
  }
  /** The browser goes offline or back online (the socket's own reaction is lib/socket.ts's, tested there). */
  network(online: boolean) {
    this.online = online;
    for (const l of this.networks) l(online);
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
    uploadImage: async () => '/uploads/x.png',
  } satisfies ChatApi;
}
