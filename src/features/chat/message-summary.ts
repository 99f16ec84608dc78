import { t } from '@lingui/core/macro';
import { MessageType } from '#protocol/chat.ts';
import { previewKind } from './chat.rules.ts';

/** The text a notification or preview shows for a message. */
export function messageSummary(type: number, msg: string): string {
  switch (previewKind(type)) {
    case 'photo':
      return t`Photo`;
    case 'gift':
      return type === MessageType.characterGift
        ? t`Characters gift`
        : type === MessageType.goldGift
          ? t`Gold coins gift`
          : type === MessageType.vipGift
            ? t`VIP membership gift`
            : t`Senior membership gift`;
    case 'balance':
      return t`Balance updated`;
    default:
      // Video and voice (types 8, 9): their URL means nothing to a reader (docs/api.md, Messages).
      return type === MessageType.video ? t`sent a video` : type === MessageType.voice ? t`sent a voice message` : msg;
  }
}
