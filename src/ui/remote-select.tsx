/**
 * The remote select of docs/product.md, Dialogs and widgets: a combobox that asks `search` for options under a
 * key (default `keyword`) 200 ms after the member stops typing, and shows them as a listbox (ARIA 1.2 combobox:
 * arrow keys move, Enter picks, Escape closes and puts the chosen label back).
 */
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { REMOTE_SEARCH_DELAY_MS } from '#protocol/constants.ts';
import './remote-select.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface RemoteSelectProps {
  label: ReactNode;
  /** The chosen option's value and the label to show for it. */
  value: SelectOption | null;
  onChange: (option: SelectOption) => void;
  search: (query: Record<string, string>) => Promise<SelectOption[]>;
  searchKey?: string;
  delayMs?: number;
  placeholder?: string;
  error?: ReactNode;
  name?: string;
}

export function RemoteSelect({
  label,
  value,
  onChange,
  search,
  searchKey = 'keyword',
  delayMs = REMOTE_SEARCH_DELAY_MS,
  placeholder,
  error,
  name,
}: RemoteSelectProps) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    if (!open) setText(value?.label ?? '');
  }, [value, open]);

  // One search per pause in typing; an older answer arriving late is dropped.
  useEffect(() => {
    if (typed === null) return;
    const ticket = ++latest.current;
    setState('loading');
    const timer = setTimeout(() => {
      search({ [searchKey]: typed.trim() }).then(
        (found) => {
          if (ticket !== latest.current) return;
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
          setState('idle');
        },
        () => ticket === latest.current && setState('failed'),
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, search, searchKey, delayMs]);

  function choose(option: SelectOption) {
    onChange(option);
    setText(option.label);
    setOpen(false);
    setTyped(null);
  }
  function close() {
    setOpen(false);
    setTyped(null);
    setText(value?.label ?? '');
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setTyped(typed ?? '');
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  const listId = `${id}-list`;
  const status =
    state === 'loading'
      ? t`Searching…`
      : state === 'failed'
        ? t`Could not search. Type again to retry.`
        : options.length === 0
          ? t`No matches`
          : null;
  return (
    <div className={`field remote-select${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input select"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-o${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(e.target.value);
          setOpen(true);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => {
          if (!open) {
            setOpen(true);
            setTyped('');
          }
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <div className="remote-select-popup" hidden={!open}>
        {status ? (
          <p className="remote-select-status" role="status">
            {status}
          </p>
        ) : null}
        <div id={listId} role="listbox" aria-label={typeof label === 'string' ? label : undefined}>
          {state !== 'loading' &&
            options.map((o, i) => (
              <div
                key={o.value}
                id={`${id}-o${i}`}
                role="option"
                // Focus stays in the input (aria-activedescendant); -1 keeps options out of the tab order.
                tabIndex={-1}
                aria-selected={i === active}
                className="remote-select-option"
                // Before the input's blur, so the click still finds the list open.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(o);
                }}
              >
                {o.label}
              </div>
            ))}
        </div>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
