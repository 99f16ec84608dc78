/** A report reason's name in the member's language (the reports queue, its side sheet and the members screen). */
import { useLingui } from '@lingui/react/macro';
import { REPORT_REASONS } from '#features/social/index.ts';

export function useReasonName() {
  const { i18n } = useLingui();
  return (type: number) => {
    const reason = REPORT_REASONS.find((r) => r.type === type);
    return reason ? i18n._(reason.label) : String(type);
  };
}
