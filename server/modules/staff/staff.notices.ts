/**
 * The two notices staff actions send as chat text from the acting staff account (docs/api.md, Staff): a warning to
 * the reported member, and 'your report led to action' to reporters (never naming the outcome). Written in the
 * receiver's own language (their profile's `language`), so any client shows them as ordinary messages.
 */
import type { Locale } from '#protocol/constants.ts';
import { toLocale } from '#protocol/translation.ts';

export type NoticeKind = 'warning' | 'reportActioned';

const TEXTS: Record<NoticeKind, Record<Locale, string>> = {
  warning: {
    'en-us':
      'Amity moderation: members reported your behaviour. Please follow the community rules, or your account may be suspended.',
    'zh-cn': 'Amity 管理团队：有会员举报了您的行为。请遵守社区规则，否则您的账号可能会被封禁。',
    'zh-tw': 'Amity 管理團隊：有會員檢舉了您的行為。請遵守社群規則，否則您的帳號可能會被停權。',
    'de-de':
      'Amity-Moderation: Mitglieder haben dein Verhalten gemeldet. Bitte halte dich an die Community-Regeln, sonst kann dein Konto gesperrt werden.',
    'ko-kr':
      'Amity 운영팀: 회원들이 회원님의 행동을 신고했습니다. 커뮤니티 규칙을 지켜 주세요. 그렇지 않으면 계정이 정지될 수 있습니다.',
    'ru-ru':
      'Модерация Amity: участники пожаловались на ваше поведение. Пожалуйста, соблюдайте правила сообщества, иначе ваша учётная запись может быть заблокирована.',
    'es-es':
      'Moderación de Amity: otros miembros han denunciado tu comportamiento. Respeta las normas de la comunidad o tu cuenta podría ser suspendida.',
    'ja-jp':
      'Amity 運営チーム：あなたの行為について会員から報告がありました。コミュニティのルールを守ってください。守られない場合、アカウントが停止されることがあります。',
  },
  reportActioned: {
    'en-us': 'Amity moderation: thank you for your report. We looked into it and took action.',
    'zh-cn': 'Amity 管理团队：感谢您的举报。我们已核实并采取了措施。',
    'zh-tw': 'Amity 管理團隊：感謝您的檢舉。我們已查核並採取了措施。',
    'de-de': 'Amity-Moderation: Danke für deine Meldung. Wir haben sie geprüft und Maßnahmen ergriffen.',
    'ko-kr': 'Amity 운영팀: 신고해 주셔서 감사합니다. 검토 후 조치를 취했습니다.',
    'ru-ru': 'Модерация Amity: спасибо за вашу жалобу. Мы её рассмотрели и приняли меры.',
    'es-es': 'Moderación de Amity: gracias por tu denuncia. La hemos revisado y hemos tomado medidas.',
    'ja-jp': 'Amity 運営チーム：ご報告ありがとうございます。確認のうえ、対応いたしました。',
  },
};

/** The notice in the member's language (English when theirs is unknown), and that language's tag for `lang`. */
export function noticeText(kind: NoticeKind, language: string): { msg: string; lang: Locale } {
  const lang = toLocale(language) ?? 'en-us';
  return { msg: TEXTS[kind][lang], lang };
}
