// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEVEL_SENIOR, LEVEL_VIP } from '#protocol/user.ts';
import { isolate } from '#ui/bidi.ts';
import { renderWithApp } from '#ui/test-render.tsx';
import { chatServiceAtom, unreadCountAtom } from '../chat.atoms.ts';
import { createChatService } from '../chat.service.ts';
import { ALICE, createMemoryChatCache, FakeTransport, fakeApi, ME, msg, user } from '../test-fixtures.ts';
import { ChatPage } from './chat-page.tsx';

// The identity mark beside a name reads the member config (the shop's catalogue): senior has showIdentity, VIP not.
vi.mock('#lib/http.ts', async (original) => {
  const real = await original<typeof import('#lib/http.ts')>();
  const members = [
    { levelName: LEVEL_VIP, levelSort: 0, dayCharacters: 3000, monthVideos: 10, showIdentity: false, specs: [] },
    { levelName: LEVEL_SENIOR, levelSort: 1, dayCharacters: 5000, monthVideos: 3, showIdentity: true, specs: [] },
  ];
  const get = async (path: string) => (path.endsWith('/member/config') ? members : []);
  return { ...real, http: { ...real.http, get } };
});

afterEach(cleanup);

const alice = user(ALICE, 'alice', { levelName: 'VIP' });
const bob = user(9, 'bob');

function setup(data: Parameters<typeof fakeApi>[0], peerId: number | null = null) {
  const store = createStore();
  const transport = new FakeTransport();
  const service = createChatService({
    store,
    transport,
    cache: createMemoryChatCache(),
    me: () => ME,
    lang: () => 'en-us',
    api: fakeApi(data),
    isVisible: () => true,
    newId: () => '00000000-0000-4000-8000-000000000001',
  });
  store.set(chatServiceAtom, service);
  const onSelect = vi.fn();
  const view = (id: number | null) => (
    <ChatPage peerId={id} me={{ id: ME }} onSelect={onSelect} meetLinks={<a href="/square">Square</a>} />
  );
  const result = renderWithApp(view(peerId), store);
  return { store, transport, onSelect, rerender: (id: number | null) => result.rerender(view(id)) };
}

describe('ChatPage', () => {
  it('lists conversations by peer name with preview, gift label and unread count', async () => {
    const { onSelect } = setup({
      conversations: [
        { peer: alice, last: msg(3, { type: 2, msg: '/u/p.png' }), unread: 2 },
        { peer: bob, last: msg(4, { senderId: 9, type: 3, msg: 'Enjoy' }), unread: 0 },
      ],
    });
    const aliceButton = await screen.findByRole('button', { name: /alice/ });
    expect(aliceButton.textContent).toContain('Photo');
    expect(aliceButton.textContent).toContain('2 unread');
    expect(screen.getByRole('button', { name: /bob/ }).textContent).toContain('Characters gift');
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    fireEvent.click(aliceButton);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(ALICE));
  });

  it('shows the empty state with a way to meet people', async () => {
    setup({ conversations: [] });
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Square' })).toBeTruthy();
  });

  it('an open conversation shows the log, marks it read, and a send goes from "Sending" to "Sent" to "Read"', async () => {
    const { transport, store } = setup(
      {
        conversations: [{ peer: alice, last: msg(2), unread: 1 }],
        history: { [ALICE]: [msg(1, { senderId: ME, toId: ALICE, readAt: '2026-11-20T10:00:30.000Z' }), msg(2)] },
      },
      ALICE,
    );
    const log = await screen.findByRole('log', { name: 'Chat with alice' });
    expect(await within(log).findByText('hello 2')).toBeTruthy();
    expect(within(log).getByText('Read')).toBeTruthy();
    expect(transport.sentOf('read')).toEqual([{ action: 'read', data: { senderId: ALICE } }]);

    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'see you at 8' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(within(log).getByText('see you at 8')).toBeTruthy();
    expect(within(log).getByText('Sending')).toBeTruthy();

    const clientId = transport.sentOf('chart')[0]!.data.clientId;
    await act(async () =>
      transport.serverSends({
        action: 'chart',
        data: msg(40, {
          clientId,
          senderId: ME,
          toId: ALICE,
          msg: 'see you at 8',
          createdAt: new Date().toISOString(),
        }),
      }),
    );
    expect(within(log).getAllByText('see you at 8')).toHaveLength(1);
    expect(within(log).getByText('Sent')).toBeTruthy();

    await act(async () =>
      transport.serverSends({
        action: 'read',
        data: { readerId: ALICE, readAt: new Date(Date.now() + 1000).toISOString() },
      }),
    );
    expect(within(log).queryByText('Sent')).toBeNull();
    expect(within(log).getAllByText('Read')).toHaveLength(2);
    expect(store.get(unreadCountAtom)).toBe(0);
  });

  it('a new message from the peer appears in the log; a gift shows as a card', async () => {
    const { transport } = setup(
      { conversations: [{ peer: alice, last: msg(1), unread: 0 }], history: { [ALICE]: [msg(1)] } },
      ALICE,
    );
    const log = await screen.findByRole('log');
    await within(log).findByText('hello 1');
    await act(async () =>
      transport.serverSends({ action: 'chart', data: msg(5, { type: 5, msg: 'Happy birthday!' }) }),
    );
    expect(within(log).getByText('VIP membership gift')).toBeTruthy();
    expect(within(log).getByText('Happy birthday!')).toBeTruthy();
  });

  it('a failed send offers Retry, and a history error offers Try again', async () => {
    const { transport } = setup({ conversations: [{ peer: alice, last: msg(1), unread: 0 }] }, ALICE);
    await screen.findByText('No messages yet');
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'refused hello' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    const clientId = transport.sentOf('chart')[0]!.data.clientId;
    await act(async () => transport.serverSends({ action: 'chart', code: 500, message: 'error', data: { clientId } }));
    expect(screen.getByText('Not sent')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(transport.sentOf('chart').map((f) => f.data.clientId)).toEqual([clientId, clientId]);
    expect(screen.getByText('Sending')).toBeTruthy();
  });

  it('shows the identity mark beside the name of a senior member in the list and in the conversation header', async () => {
    const carol = user(11, 'carol', { levelName: LEVEL_SENIOR });
    setup(
      {
        conversations: [
          { peer: carol, last: msg(5, { senderId: 11 }), unread: 0 },
          { peer: alice, last: msg(6), unread: 0 },
        ],
      },
      11,
    );
    const carolButton = await screen.findByRole('button', { name: /carol/ });
    await waitFor(() => expect(within(carolButton).getByTitle('Identity mark')).toBeTruthy());
    expect(within(carolButton).getByText('Senior member')).toBeTruthy();
    // VIP's config does not set showIdentity: a badge, no mark.
    const aliceButton = screen.getByRole('button', { name: /alice/ });
    expect(within(aliceButton).getByText('VIP')).toBeTruthy();
    expect(within(aliceButton).queryByTitle('Identity mark')).toBeNull();
    const pane = await screen.findByRole('region', { name: /Conversation with/ });
    expect(await within(pane).findByRole('heading', { name: 'carol' })).toBeTruthy();
    await waitFor(() => expect(within(pane).getByTitle('Identity mark')).toBeTruthy());
  });

  it('/chat?userId for someone never written to fetches them and opens an empty conversation', async () => {
    setup({ conversations: [], peers: [bob] }, 9);
    expect(await screen.findByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(await screen.findByText(`Say hello to ${isolate('bob')}.`)).toBeTruthy();
  });
});
