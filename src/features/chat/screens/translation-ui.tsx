/**
 * Translation in the open conversation (issue 9): the line under a message (Translate, progress, 'Translated from …
 * · Show original', refusals with a way forward), the cost question before paying, the conversation's settings bar
 * and the composer's 'Send in …' review. State comes from translate.reducer.ts; these only render and dispatch.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { useScreenCatalog } from '#lib/screen-catalog.ts';
import { LOCALES } from '#protocol/constants.ts';
import type { TransPreview } from '#protocol/translation.ts';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { bcp } from '../components/chat-format.ts';
import type { Job } from '../translate.reducer.ts';

/** A locale's name in the reader's language ('es-es' → 'Spanish'); Chinese keeps its script apart. */
export function languageName(locale: string, uiLocale: string): string {
  const tag = bcp(locale);
  const code = tag.startsWith('zh') ? (tag === 'zh-TW' ? 'zh-Hant' : 'zh-Hans') : (tag.split('-')[0] ?? tag);
  try {
    return new Intl.DisplayNames([bcp(uiLocale)], { type: 'language' }).of(code) ?? locale;
  } catch {
    return locale;
  }
}

/** What a refusal says, in the reader's language (the server's words are English). */
function FailureLine({ job, onRetry }: { job: Job; onRetry: () => void }) {
  const { t } = useLingui();
  const text =
    job.code === 402
      ? t`Not enough characters or gold to translate this.`
      : job.code === 503
        ? t`Translation is not available`
        : job.code === 400
          ? t`Translation between these languages is not available.`
          : job.code === 502
            ? t`The translation service failed; nothing was charged.`
            : job.code === 0
              ? t`No connection: nothing was translated.`
              : job.message || t`Translation failed.`;
  return (
    <span className="msg-translate msg-translate-failed" role="alert">
      <span>{text}</span>
      {job.code === 402 ? (
        <Link to="/recharge" className="link-btn">
          {t`Recharge`}
        </Link>
      ) : (
        job.code !== 503 && (
          <button type="button" className="link-btn" onClick={onRetry}>
            {t`Try again`}
          </button>
        )
      )}
    </span>
  );
}

export interface TranslationLineProps {
  /** The translation held for the reader's language, if any. */
  translation: string | undefined;
  /** The message's own language (may be empty: unknown). */
  from: string;
  showingOriginal: boolean;
  job: Job | undefined;
  onTranslate: () => void;
  onToggle: () => void;
}

/** Under an incoming text: Translate, 'Translating…', a refusal, or 'Translated from X · Show original'. */
function TranslationLineBody({ translation, from, showingOriginal, job, onTranslate, onToggle }: TranslationLineProps) {
  const { t, i18n } = useLingui();
  if (job?.status === 'failed') return <FailureLine job={job} onRetry={onTranslate} />;
  if (job && job.status !== 'done')
    return (
      <span className="msg-translate" role="status">
        <span className="spinner spinner-xs" aria-hidden="true" />
        {job.status === 'confirming' ? t`Waiting for your answer…` : t`Translating…`}
      </span>
    );
  if (translation === undefined)
    return (
      <span className="msg-translate">
        <button type="button" className="link-btn link-btn-quiet" onClick={onTranslate}>
          {t`Translate`}
        </button>
      </span>
    );
  const language = from ? languageName(from, i18n.locale) : '';
  return (
    <span className="msg-translate">
      <span>{language ? t`Translated from ${language}` : t`Translated`}</span>
      <span aria-hidden="true">·</span>
      <button type="button" className="link-btn link-btn-quiet" aria-pressed={showingOriginal} onClick={onToggle}>
        {showingOriginal ? t`Show translation` : t`Show original`}
      </button>
    </span>
  );
}

/** Under a message of mine sent in the partner's language: which, and a toggle to what they received. */
function SentInLineBody({ lang, showingSent, onToggle }: { lang: string; showingSent: boolean; onToggle: () => void }) {
  const { t, i18n } = useLingui();
  const language = languageName(lang, i18n.locale);
  return (
    <span className="msg-translate">
      <span>{t`Sent in ${language}`}</span>
      <span aria-hidden="true">·</span>
      <button type="button" className="link-btn link-btn-quiet" aria-pressed={showingSent} onClick={onToggle}>
        {showingSent ? t`Show your text` : t`Show what was sent`}
      </button>
    </span>
  );
}

/** 'Uses 42 of your 1,458 free characters today', then characters, then gold: what each source would pay. */
function CostLines({ preview }: { preview: TransPreview }) {
  const { t, i18n } = useLingui();
  const fmt = (n: number) => new Intl.NumberFormat(bcp(i18n.locale)).format(n);
  const { spend, left } = preview;
  const lines: string[] = [];
  if (spend.day > 0) {
    const used = fmt(spend.day);
    const have = fmt(spend.day + left.dayCharacterCount);
    lines.push(t`Uses ${used} of your ${have} free characters today.`);
  }
  const chars = spend.register + spend.give + spend.buy;
  if (chars > 0) {
    const used = fmt(chars);
    const have = fmt(chars + left.characterCount);
    lines.push(t`Uses ${used} of your ${have} characters.`);
  }
  const gold = spend.giveGold + spend.buyGold;
  if (gold > 0) {
    const used = fmt(gold);
    lines.push(t`Uses ${used} gold.`);
  }
  return (
    <span className="cost-lines">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

/** The question before paying (translate.reducer.ts `needsConfirm`); one at a time. */
function CostDialogBody({
  job,
  onConfirm,
  onCancel,
}: {
  job: Job | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const draft = job ? !('msgId' in job.target) : false;
  return (
    <ConfirmDialog
      open={job !== undefined}
      onOpenChange={(open) => open || onCancel()}
      title={draft ? t`Translate your message?` : t`Translate this message?`}
      description={job?.preview ? <CostLines preview={job.preview} /> : undefined}
      confirmLabel={t`Translate`}
      cancelLabel={t`Cancel`}
      onConfirm={onConfirm}
    />
  );
}

/** A labelled on/off switch (a native checkbox: Space toggles it). */
function Switch({ on, onChange, children }: { on: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <label className="translate-auto">
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

/** The conversation's settings: the language it is read in and automatic translation of new messages. */
function TranslateBarBody({
  lang,
  auto,
  onLang,
  onAuto,
}: {
  lang: string;
  auto: boolean;
  onLang: (lang: string) => void;
  onAuto: (auto: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <div className="translate-bar">
      <label htmlFor={`${id}-lang`}>{t`Translate into`}</label>
      <select id={`${id}-lang`} value={lang} onChange={(e) => onLang(e.target.value)}>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {languageName(l, i18n.locale)}
          </option>
        ))}
      </select>
      <Switch on={auto} onChange={onAuto}>
        {t`Translate automatically`}
      </Switch>
    </div>
  );
}

/** Above the composer: 'Send in Spanish', and once translated both texts, so the member sees what goes out. */
function SendInBarBody({
  lang,
  on,
  job,
  onToggle,
  onRetry,
}: {
  lang: string;
  on: boolean;
  job: Job | undefined;
  onToggle: (on: boolean) => void;
  onRetry: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = languageName(lang, i18n.locale);
  return (
    <div className="send-in">
      <Switch on={on} onChange={onToggle}>
        {t`Send in ${language}`}
      </Switch>
      {on && job?.status === 'done' && job.text !== undefined && 'text' in job.target && (
        <div className="send-in-review" aria-live="polite">
          <p dir="auto" translate="no">
            <span className="muted">{t`Yours:`}</span> {job.target.text}
          </p>
          <p dir="auto" translate="no">
            <span className="muted">{t`In ${language}:`}</span> {job.text}
          </p>
          <p className="muted small">{t`Press Send again to send both.`}</p>
        </div>
      )}
      {on && job && job.status !== 'done' && job.status !== 'failed' && (
        <span className="msg-translate" role="status">
          <span className="spinner spinner-xs" aria-hidden="true" />
          {t`Translating…`}
        </span>
      )}
      {on && job?.status === 'failed' && <FailureLine job={job} onRetry={onRetry} />}
    </div>
  );
}

/**
 * Their texts are in the screens catalog, which the pane's chunk loads before it first renders
 * (lazy-message-pane.tsx); after a language switch each part waits for the new language's texts instead of showing
 * their ids.
 */
function gated<P extends object>(Body: (props: P) => ReactNode) {
  return function Gated(props: P) {
    return useScreenCatalog() ? <Body {...props} /> : null;
  };
}
export const TranslationLine = gated(TranslationLineBody);
export const SentInLine = gated(SentInLineBody);
export const CostDialog = gated(CostDialogBody);
export const TranslateBar = gated(TranslateBarBody);
export const SendInBar = gated(SendInBarBody);
