/**
 * The export dialog (docs/product.md, Dialogs and widgets): the current table with its filters as CSV, loaded 500
 * rows a page until all are in, with a percentage; Cancel or closing stops it. A failure says
 * '下载文件出现错误，请联系管理员！' in the member's language.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { PageOf } from '#protocol/social.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { useToast } from '#ui/toast.tsx';
import { type Column, exportFileName, exportPercent, loadAll, toCsv } from '../staff.rules.ts';

interface ExportDialogProps<Row> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  table: string;
  columns: readonly Column<Row>[];
  fetchPage: (page: number, size: number) => Promise<PageOf<Row>>;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportDialog<Row>({ open, onOpenChange, table, columns, fetchPage }: ExportDialogProps<Row>) {
  const { t } = useLingui();
  const toast = useToast();
  const [percent, setPercent] = useState(0);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const run = useRef(0);

  // Closing the dialog stops the export in flight.
  useEffect(() => {
    if (!open) run.current++;
  }, [open]);

  const start = async () => {
    const ticket = ++run.current;
    setPercent(0);
    setState('loading');
    try {
      const rows = await loadAll(
        fetchPage,
        (loaded, total) => {
          if (run.current === ticket) setPercent(exportPercent(loaded, total));
        },
        () => run.current !== ticket,
      );
      if (!rows) return;
      download(exportFileName(table, new Date()), toCsv(columns, rows));
      setState('done');
    } catch {
      if (run.current === ticket) {
        setState('idle');
        toast('error', t`下载文件出现错误，请联系管理员！`);
      }
    }
  };
  const cancel = () => {
    run.current++;
    setState('idle');
    setPercent(0);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Export as CSV`}
      description={t`Every row of the table with its current filters, in the columns shown.`}
      footer={
        state === 'loading' ? (
          <Button variant="secondary" onClick={cancel}>{t`Cancel`}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>{t`Close`}</Button>
            <Button onClick={start}>{state === 'done' ? t`Export again` : t`Export`}</Button>
          </>
        )
      }
    >
      <div className="export-progress">
        <progress max={100} value={percent} aria-label={t`Export progress`} />
        <span aria-live="polite">
          {state === 'done' ? t`Downloaded` : state === 'loading' ? t`${percent}% loaded` : t`Ready`}
        </span>
      </div>
    </Dialog>
  );
}
