/**
 * Demo activity for alice on a fresh database: conversations, likes and visits both ways, so the demo sign-in shows
 * a populated /chat with an unread badge, 'Who liked me' and 'Visitors'. Messages go through the chat repository in
 * the order a real exchange would (a member reads before replying), so the unread counter matches the unread rows.
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/database.ts';
import { addUnread, insertMessages, markRead } from '../chat/chat.repository.ts';
import { addLike, upsertVisit } from '../social/social.repository.ts';

const MINUTE = 60_000;

/** `a` is alice, `p` the peer; `ago` is minutes before the seed's `now`. */
interface Line {
  from: 'a' | 'p';
  ago: number;
  text: string;
}

interface Conversation {
  peer: string;
  peerLang: string;
  lines: Line[];
  /** Alice read everything at the end (else the peer's last lines stay unread). */
  aliceReadAll?: boolean;
  /** The peer read alice's last lines. */
  peerReadAll?: boolean;
}

const day = 24 * 60;

export const DEMO_CONVERSATIONS: readonly Conversation[] = [
  {
    peer: 'bruno',
    peerLang: 'es-es',
    lines: [
      { from: 'p', ago: 3 * day + 40, text: '¡Hola Alice! Vi que estás aprendiendo español.' },
      { from: 'a', ago: 3 * day + 30, text: 'Hi Bruno! Yes, a little every day. ¿Cómo estás?' },
      { from: 'p', ago: 3 * day + 25, text: '¡Muy bien! Si quieres, practicamos juntos.' },
      { from: 'a', ago: 3 * day + 20, text: 'That would be great. Is the weekend good for you?' },
      { from: 'p', ago: 2 * day + 300, text: 'El sábado por la tarde es perfecto.' },
      { from: 'a', ago: 2 * day + 290, text: 'Perfect, Saturday it is!' },
      { from: 'p', ago: 95, text: 'Te mando unas canciones brasileñas para practicar 🎶' },
      { from: 'p', ago: 90, text: '¿Ya las escuchaste?' },
    ],
  },
  {
    peer: 'haruka',
    peerLang: 'ja-jp',
    lines: [
      { from: 'a', ago: 2 * day + 120, text: 'Hello Haruka! I love your cat photos.' },
      { from: 'p', ago: 2 * day + 100, text: 'ありがとう！うちの猫はモチという名前です。' },
      { from: 'a', ago: 2 * day + 95, text: 'Mochi is such a cute name 😊' },
      { from: 'p', ago: 1 * day + 60, text: 'アリスさんはペットを飼っていますか？' },
      { from: 'a', ago: 1 * day + 50, text: 'Not yet, but I would love a dog one day.' },
      { from: 'p', ago: 25, text: '犬もいいですね！今度写真を送ります。' },
    ],
  },
  {
    peer: 'felix',
    peerLang: 'de-de',
    peerReadAll: true,
    lines: [
      { from: 'p', ago: 5 * day + 200, text: 'Hallo Alice, schöne Grüße aus Berlin!' },
      { from: 'a', ago: 5 * day + 180, text: 'Hi Felix! I have always wanted to visit Berlin.' },
      { from: 'p', ago: 5 * day + 170, text: 'Im Frühling ist es hier am schönsten.' },
      { from: 'a', ago: 4 * day + 30, text: 'Any tips for a first visit?' },
      { from: 'p', ago: 4 * day + 20, text: 'Eine Radtour an der Spree und danach Jazz in Kreuzberg.' },
      { from: 'a', ago: 4 * day + 10, text: 'That sounds lovely. Do you play jazz yourself?' },
      { from: 'p', ago: 3 * day + 500, text: 'Ein bisschen Klavier, nur für mich.' },
      { from: 'a', ago: 3 * day + 480, text: 'Then you owe me a little concert 🎹' },
      { from: 'p', ago: 1 * day + 600, text: 'Abgemacht! 😄' },
      { from: 'a', ago: 1 * day + 590, text: 'Deal. Talk soon!' },
    ],
  },
  {
    peer: 'chen_wei',
    peerLang: 'zh-cn',
    aliceReadAll: true,
    lines: [
      { from: 'p', ago: 6 * day, text: '你好！很高兴认识你。' },
      { from: 'a', ago: 6 * day - 15, text: 'Nice to meet you too, Chen Wei!' },
      { from: 'p', ago: 6 * day - 30, text: '你喜欢旅行吗？我刚从云南回来。' },
      { from: 'a', ago: 6 * day - 45, text: 'I do! Yunnan looks beautiful in your photos.' },
      { from: 'p', ago: 2 * day, text: '下次我给你看更多照片。' },
    ],
  },
];

/** Who liked alice and whom she liked, minutes ago. */
const LIKES_OF_ALICE: readonly [string, number][] = [
  ['bruno', 3 * day + 45],
  ['dasha', 2 * day + 10],
  ['haruka', 2 * day + 130],
  ['marco', 1 * day + 200],
  ['sofia', 300],
  ['omar', 40],
];
const ALICE_LIKES: readonly [string, number][] = [
  ['felix', 5 * day],
  ['haruka', 2 * day + 125],
  ['elena', 1 * day],
  ['chen_wei', 6 * day],
];
const VISITS_TO_ALICE: readonly [string, number][] = [
  ['dasha', 2 * day + 12],
  ['jiwoo', 1 * day + 300],
  ['lin_mei', 700],
  ['nadia', 180],
  ['bruno', 100],
  ['omar', 42],
  ['sofia', 8],
];
const ALICE_VISITS: readonly [string, number][] = [
  ['haruka', 2 * day + 126],
  ['felix', 5 * day + 5],
  ['elena', 1 * day + 2],
];

export async function seedDemoActivity(trx: Tx, ids: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const id = (username: string) => {
    const found = ids.get(username);
    if (found === undefined) throw new Error(`demo member ${username} is missing`);
    return found;
  };
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const alice = id('alice');

  for (const c of DEMO_CONVERSATIONS) {
    const peer = id(c.peer);
    for (const line of c.lines) {
      const [sender, receiver] = line.from === 'a' ? [alice, peer] : [peer, alice];
      // Replying means having read the other side first, as the chat page marks read when it opens.
      await markRead(trx, sender, receiver, at(line.ago + 1));
      await insertMessages(
        trx,
        [
          {
            clientId: randomUUID(),
            senderId: sender,
            toId: receiver,
            type: 1,
            msg: line.text,
            lang: line.from === 'a' ? 'en-us' : c.peerLang,
          },
        ],
        at(line.ago),
      );
      await addUnread(trx, new Map([[receiver, 1]]));
    }
    const last = c.lines.at(-1)!.ago;
    if (c.aliceReadAll) await markRead(trx, alice, peer, at(last - 5));
    if (c.peerReadAll) await markRead(trx, peer, alice, at(last - 5));
  }

  for (const [who, ago] of LIKES_OF_ALICE) await addLike(trx, id(who), alice, at(ago));
  for (const [who, ago] of ALICE_LIKES) await addLike(trx, alice, id(who), at(ago));
  for (const [who, ago] of VISITS_TO_ALICE) await upsertVisit(trx, id(who), alice, at(ago));
  for (const [who, ago] of ALICE_VISITS) await upsertVisit(trx, alice, id(who), at(ago));
}
