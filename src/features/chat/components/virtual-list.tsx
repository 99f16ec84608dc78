/**
 * A scroll container that renders only the rows near its viewport, for histories of any length. Row heights vary:
 * each rendered row is measured (at once, then by a ResizeObserver as photos and fonts load), unmeasured rows use
 * an estimate. It is anchored to the bottom like a chat: while the member is at the end it stays there; otherwise
 * the row at the top of the view keeps its place when rows above change height or older rows are prepended.
 */
import {
  type ForwardedRef,
  forwardRef,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type UIEvent,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { bottomTop, computeOffsets, rowAt, visibleRange } from './virtual-layout.ts';

export interface VirtualListHandle {
  scrollToEnd(): void;
}

export interface VirtualListProps<T extends { key: string }> extends Omit<HTMLAttributes<HTMLDivElement>, 'onScroll'> {
  items: readonly T[];
  estimate: (item: T) => number;
  renderRow: (item: T) => ReactNode;
  /** Attributes of each row element (class, data-*). */
  rowProps?: (item: T) => HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | undefined>;
  /** Above the rows inside the scroller (load older, start of conversation). */
  header?: ReactNode;
  /** A new last row: true makes the list jump to the end even when the member had scrolled up (my own message). */
  follow?: (item: T) => boolean;
  onScrollState?: (state: { atBottom: boolean; nearTop: boolean }) => void;
  /**
   * Rows that may hold the view in place. A chat's day separator is keyed by its day and moves up when older messages
   * of that day arrive, so anchoring on it would follow it to the top.
   */
  anchorable?: (item: T) => boolean;
  /** Pixels rendered beyond each edge of the viewport. */
  overscan?: number;
}

/** Within this many pixels of the end counts as 'at the bottom' (new messages then scroll into view). */
const BOTTOM_SLACK = 64;
const TOP_LOAD_AT = 80;
/** Before the first measurement (and in test DOMs without layout). */
const FALLBACK_VIEWPORT = 800;

function VirtualListInner<T extends { key: string }>(
  {
    items,
    estimate,
    renderRow,
    rowProps,
    header,
    follow,
    onScrollState,
    anchorable,
    overscan = 240,
    ...rest
  }: VirtualListProps<T>,
  ref: ForwardedRef<VirtualListHandle>,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const nodes = useRef(new Map<string, HTMLElement>());
  const [version, setVersion] = useState(0);
  // 'bottom' until the member scrolls away: the newest rows render first, with no scroll position known yet.
  const [view, setView] = useState<{ top: number | 'bottom'; height: number }>({ top: 'bottom', height: 0 });
  const stick = useRef(true);
  const anchor = useRef<{ key: string; delta: number } | null>(null);
  const lastKey = useRef<string | undefined>(undefined);
  const headerHeight = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the signal that measured heights changed.
  const offsets = useMemo(
    () => computeOffsets(items.length, (i) => heights.current.get(items[i]!.key) ?? estimate(items[i]!)),
    [items, estimate, version],
  );
  const viewport = view.height || FALLBACK_VIEWPORT;
  const top = view.top === 'bottom' ? bottomTop(offsets, viewport) : view.top - headerHeight.current;
  const [start, end] = visibleRange(offsets, top, viewport, overscan);
  const indexOf = useMemo(() => new Map(items.map((item, i) => [item.key, i])), [items]);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const key = (entry.target as HTMLElement).dataset.vkey;
              const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
              if (key && height > 0 && heights.current.get(key) !== height) {
                heights.current.set(key, height);
                changed = true;
              }
            }
            if (changed) setVersion((v) => v + 1);
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const rememberAnchor = useCallback(
    (scrollTop: number) => {
      let i = rowAt(offsets, scrollTop - headerHeight.current);
      while (i < items.length - 1 && anchorable && !anchorable(items[i]!)) i++;
      const item = items[i];
      anchor.current = item ? { key: item.key, delta: headerHeight.current + offsets[i]! - scrollTop } : null;
    },
    [items, offsets, anchorable],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    headerHeight.current = spacer.current?.offsetTop ?? 0;
    // Rows rendered for the first time are measured now, before paint, so they never jump on screen.
    let measured = false;
    for (let i = start; i < end; i++) {
      const key = items[i]!.key;
      const node = nodes.current.get(key);
      if (!node || heights.current.has(key)) continue;
      const height = node.getBoundingClientRect().height;
      if (height > 0) {
        heights.current.set(key, height);
        measured = true;
      }
    }
    if (measured) {
      setVersion((v) => v + 1);
      return;
    }
    const last = items[items.length - 1];
    if (last && lastKey.current !== undefined && last.key !== lastKey.current && follow?.(last)) stick.current = true;
    lastKey.current = last?.key;
    if (stick.current) el.scrollTop = el.scrollHeight;
    else if (anchor.current) {
      const i = indexOf.get(anchor.current.key);
      if (i !== undefined) {
        const want = headerHeight.current + offsets[i]! - anchor.current.delta;
        if (Math.abs(el.scrollTop - want) > 1) {
          el.scrollTop = want;
          // Render the rows of the corrected position now rather than after the scroll event. The browser may clamp
          // the position, so only a real change re-renders (else this effect would loop).
          const now = el.scrollTop;
          setView((v) => (v.top === now ? v : { ...v, top: now }));
        }
      }
    }
    if (el.clientHeight && el.clientHeight !== view.height) setView((v) => ({ ...v, height: el.clientHeight }));
  });

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const el = event.currentTarget;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    stick.current = atBottom;
    rememberAnchor(el.scrollTop);
    setView({ top: atBottom ? 'bottom' : el.scrollTop, height: el.clientHeight });
    onScrollState?.({ atBottom, nearTop: el.scrollTop < TOP_LOAD_AT });
  }

  useImperativeHandle(ref, () => ({
    scrollToEnd() {
      stick.current = true;
      setView((v) => ({ ...v, top: 'bottom' }));
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    },
  }));

  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const item = items[i]!;
    const { className, style, ...attrs } = rowProps?.(item) ?? {};
    rows.push(
      <div
        key={item.key}
        {...attrs}
        data-vkey={item.key}
        className={className ? `vrow ${className}` : 'vrow'}
        style={{ ...style, transform: `translateY(${offsets[i]}px)` }}
        ref={(node) => {
          if (!node) return;
          nodes.current.set(item.key, node);
          observer?.observe(node);
          return () => {
            nodes.current.delete(item.key);
            observer?.unobserve(node);
          };
        }}
      >
        {renderRow(item)}
      </div>,
    );
  }

  return (
    <div {...rest} ref={scroller} onScroll={onScroll}>
      {header}
      <div ref={spacer} className="vlist" style={{ height: offsets[items.length] }}>
        {rows}
      </div>
    </div>
  );
}

export const VirtualList = forwardRef(VirtualListInner) as <T extends { key: string }>(
  props: VirtualListProps<T> & { ref?: Ref<VirtualListHandle> },
) => ReactNode;
