/** Tests only: a catalogue as migration 0007 seeds it, and a member's wallet. */
import type { UserInfo } from '#protocol/user.ts';
import type { Catalogue } from './catalogue.ts';

export const catalogue: Catalogue = {
  characters: [
    { id: 1, num: 10000, amount: 1.99 },
    { id: 2, num: 50000, amount: 8.99 },
  ],
  gold: [
    { id: 11, num: 10, amount: 9.99 },
    { id: 12, num: 50, amount: 47.99 },
  ],
  members: [
    {
      levelName: 'VIP',
      levelSort: 2,
      dayCharacters: 3000,
      monthVideos: 10,
      showIdentity: false,
      specs: [
        { id: 21, monthNum: 1, amount: 9.99 },
        { id: 22, monthNum: 3, amount: 26.99 },
      ],
    },
    {
      levelName: '高级会员',
      levelSort: 1,
      dayCharacters: 5000,
      monthVideos: 3,
      showIdentity: true,
      specs: [
        { id: 31, monthNum: 1, amount: 19.99 },
        { id: 32, monthNum: 3, amount: 53.99 },
      ],
    },
  ],
  pay: { provider: 'sandbox', currency: 'USD', payloadKey: 'test-payload-key' },
  savedAt: Date.UTC(2026, 0, 1),
};

export function member(gold: { give: number; buy: number }, staffAccount = false): UserInfo {
  return {
    id: 1,
    username: 'anna',
    giveGoldCount: gold.give,
    buyGoldCount: gold.buy,
    staffAccount,
    buyCharacterCount: 0,
    giveCharacterCount: 0,
    registerCharacterCount: 1500,
    memberRemainingList: [],
  } as unknown as UserInfo;
}
