import { Card, Classes } from '@blueprintjs/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef, useState } from 'react';
import { formatLatency } from '../../lib/durations';
import { CheckIcon } from './CheckIcon';
import { DeletedMarker } from '../../widgets/ConfigIcon';
import { RecentRuns, uptimeText } from './ChecksTableCells';
import { uptimeOf } from './model/checkFields';
import type { CheckRow } from './model/types';

/** Height of a line of cards, in pixels (lines are windowed, so it is fixed). */
export const CARD_LINE_HEIGHT = 96;
/** The narrowest a card gets. */
const MIN_CARD_WIDTH = 260;
interface CheckCardProps {
  row: CheckRow;
  onOpen: (checkId: string) => void;
}

const CheckCard = memo(function CheckCard({ row, onOpen }: CheckCardProps) {
  const { check } = row;
  const { passed, failed } = uptimeOf(check);
  return (
    <Card
      interactive
      compact
      className="mc-health-card"
      role="listitem"
      aria-label={row.title}
      tabIndex={0}
      onClick={() => onOpen(check.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(check.id);
        }
      }}
    >
      <div className="mc-health-card-title">
        <CheckIcon icon={check.icon} type={check.type} />
        <span className="mc-health-title">{row.title}</span>
        {check.deleted_at ? <DeletedMarker deletedAt={check.deleted_at} /> : null}
      </div>
      <RecentRuns check={check} />
      <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {[uptimeText(passed, failed), formatLatency(check.latency?.rolling1h)]
          .filter(Boolean)
          .join(' · ')}
      </div>
    </Card>
  );
});

export interface ChecksCardsProps {
  /** The checks, in order. */
  rows: readonly CheckRow[];
  onOpen: (checkId: string) => void;
}

/** The card layout: a grid of checks, each with its icon, name and recent runs; windowed by line. */
export function ChecksCards({ rows, onOpen }: ChecksCardsProps) {
  const [columns, setColumns] = useState(3);
  const box = useRef<HTMLDivElement | null>(null);
  const lines = Math.ceil(rows.length / columns);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines,
    getScrollElement: () => box.current,
    estimateSize: () => CARD_LINE_HEIGHT,
    overscan: 2,
    initialRect: { width: 0, height: 800 },
    // A box not laid out yet measures 0: assume a screenful until it is.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: 800 }),
      ),
  });
  const measure = useCallback((element: HTMLDivElement | null) => {
    box.current = element;
    if (element && element.clientWidth > 0) {
      setColumns(Math.max(1, Math.floor(element.clientWidth / MIN_CARD_WIDTH)));
    }
  }, []);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.length > 0 ? items[items.length - 1]!.index + 1 : 0;
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const visible = rows.slice(first * columns, last * columns);
  return (
    <div className="mc-health-scroll" ref={measure}>
      <div
        role="list"
        aria-label="Health checks"
        className="mc-health-cards"
        style={{
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          paddingTop: before,
          paddingBottom: after,
        }}
      >
        {visible.map((row) => (
          <CheckCard key={row.id} row={row} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}
