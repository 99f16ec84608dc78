// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '#protocol/chat.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { chatEventAtom, outboxRecordsAtom } from '../chat.atoms.ts';
import { createChatService } from '../chat.service.ts';
import type { ChatInput } from '../chat.state.ts';
import type { OutboxRecord } from '../outbox.rules.ts';
import { ALICE, createMemoryChatCache, FakeTransport, fakeApi, ME, msg, user } from '../test-fixtures.ts';
import { ChatStatus } from './chat-status.tsx';
import { MessagePane } from './message-pane.tsx';

afterEach(cleanup);

type Store = ReturnType<typeof createStore>;
/** Chat state changes only through events: the tests put it where they need it the same way. */
const send = (store: Store, input: ChatInput) => store.set(chatEventAtom, { ...input, at: Date.now() });

const alice = user(ALICE, 'alice');
const record = (clientId: string, toId: number, state: OutboxRecord['state'] = 'queued'): OutboxRecord => ({
  clientId,
  toId,
  type: 1,
  msg: `waiting ${clientId}`,
  lang: 'en',
  createdAt: new Date().toISOString(),
  state,
  attempts: 0,
});

/** n messages, one a minute, alternating senders, ending now-ish. */
function thread(n: number): Message[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: n }, (_, i) =>
    msg(i + 1, {
      senderId: i % 2 ? ME : ALICE,
      toId: i % 2 ? ALICE : ME,
      clientId: `c${i + 1}`,
      createdAt: new Date(start + i * 60_000).toISOString(),
    }),
  );
}

describe('status line', () => {
  it('says offline with the last sync, and how many messages wait in how many chats', () => {
    const store = createStore();
    send(store, { type: 'socketStatus', status: 'closed', online: false });
    send(store, {
      type: 'cacheLoaded',
      outbox: [record('a', 7), record('b', 7), record('c', 9)],
      syncedAt: Date.now() - 5 * 60_000,
    });
    renderWithApp(<ChatStatus />, store);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Offline, last synced 5 minutes ago');
    expect(status.textContent).toContain('3 messages waiting in 2 chats');
  });

  it('uses the singular, and is empty when online with nothing failed', () => {
    const store = createStore();
    send(store, { type: 'cacheLoaded', outbox: [{ ...record('a', 7, 'failed'), error: 'timeout' }] });
    renderWithApp(<ChatStatus />, store);
    expect(screen.getByRole('status').textContent).toBe('1 message waiting in 1 chat');
    act(() => void send(store, { type: 'retry', clientId: 'a' }));
    expect(store.get(outboxRecordsAtom)[0]?.state).toBe('queued');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('message pane', () => {
  function pane(history: Message[], online = true) {
    const store = createStore();
    const transport = new FakeTransport();
    if (!online) transport.status = 'closed';
    const cache = createMemoryChatCache();
    cache.saveMessages(ALICE, history);
    const service = createChatService({
      store,
      transport,
      cache,
      me: () => ME,
      lang: () => 'en-us',
      api: fakeApi({ history: { [ALICE]: [] } }),
      isVisible: () => true,
      newId: () => '00000000-0000-4000-8000-000000000001',
    });
    renderWithApp(<MessagePane peerId={ALICE} peer={alice} me={ME} service={service} onBack={() => {}} />, store);
    return { store, transport, service };
  }

  it('renders a bounded number of rows for 10,000 messages, the newest at the bottom', async () => {
    const { store } = pane([]);
    const history = thread(10_000);
    act(() => void send(store, { type: 'cachedPage', peerId: ALICE, purpose: 'older', rows: history, more: false }));
    const log = screen.getByRole('log', { name: 'Chat with alice' });
    const rows = log.querySelectorAll('[data-message-id]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(log.querySelectorAll('*').length).toBeLessThan(600);
    expect(rows[rows.length - 1]!.getAttribute('data-message-id')).toBe('10000');
    expect(within(log).getByText('hello 10000')).toBeTruthy();
    expect(within(log).queryByText('hello 1')).toBeNull();
  });

  it('opens from the cache; an offline send is Queued with Cancel, and Cancel removes it', async () => {
    const { store, service } = pane(thread(40), false);
    await act(() => service.open(ALICE));
    const log = screen.getByRole('log', { name: 'Chat with alice' });
    expect(within(log).getByText('hello 40')).toBeTruthy();
    expect(log.querySelector('[data-message-id="40"]')?.getAttribute('data-client-id')).toBe('c40');

    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'written offline' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    const row = log.querySelector('[data-client-id="00000000-0000-4000-8000-000000000001"]')!;
    expect(within(row as HTMLElement).getByText('Queued')).toBeTruthy();
    await act(async () => fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Cancel' })));
    expect(store.get(outboxRecordsAtom)).toEqual([]);
    expect(within(log).queryByText('written offline')).toBeNull();
  });
});
