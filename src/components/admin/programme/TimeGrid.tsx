/**
 * A timetable: a time axis and columns (venues of one day, or the days of a week), one row per
 * 15 minutes, overlapping events side by side in lanes. Rows grow to fit their cards, so nothing
 * is cut off. The grid scrolls sideways inside its own region on a narrow screen, never the page.
 * A card dropped on a slot is moved there (the "Move" button does the same from the keyboard).
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { assignLanes, SLOT_MINUTES, slotRange, type Placed } from '../../../lib/programme-calendar/layout.ts';

export interface GridColumn {
  key: string;
  label: string;
}

export interface GridItem {
  placed: Placed;
  column: string;
  card: ReactNode;
}

export interface TimeGridProps {
  label: string;
  columns: readonly GridColumn[];
  items: readonly GridItem[];
  first: number;
  last: number;
  timeLabel: (minute: number) => string;
  onDrop?: ((eventId: number, column: string, minute: number) => void) | undefined;
}

export function TimeGrid({ label, columns, items, first, last, timeLabel, onDrop }: TimeGridProps) {
  const [over, setOver] = useState<string | null>(null);
  const rows = Math.max(1, Math.ceil((last - first) / SLOT_MINUTES));
  // Each column's lanes, and the grid line it starts at (line 1 is the time axis).
  const lanesOf = columns.map((column) => assignLanes(items.filter((item) => item.column === column.key).map((item) => item.placed)));
  const layout = columns.map((column, index) => ({
    column,
    ...lanesOf[index]!,
    line: 2 + lanesOf.slice(0, index).reduce((sum, entry) => sum + entry.lanes, 0),
  }));
  const lineOf = new Map(layout.map((entry) => [entry.column.key, entry]));
  const template = layout.map((entry) => `repeat(${entry.lanes}, minmax(9rem, 1fr))`).join(' ');
  const drop = (column: string, minute: number) => (event: DragEvent<HTMLDivElement>) => {
    const id = Number(event.dataTransfer.getData('text/x-programme-event'));
    setOver(null);
    if (!onDrop || !Number.isInteger(id) || id <= 0) return;
    event.preventDefault();
    onDrop(id, column, minute);
  };
  const hours: number[] = [];
  for (let minute = Math.ceil(first / 60) * 60; minute < last; minute += 60) hours.push(minute);

  return (
    <div className="programme-grid-scroll" role="region" aria-label={label} tabIndex={0}>
      <div className="programme-grid" style={{ gridTemplateColumns: `4rem ${template}`, gridTemplateRows: `auto repeat(${rows}, minmax(0.8rem, auto))` }}>
        <div className="programme-grid__corner" style={{ gridColumn: 1, gridRow: 1 }} aria-hidden="true" />
        {layout.map((entry) => (
          <div key={`head-${entry.column.key}`} className="programme-grid__head" style={{ gridColumn: `${entry.line} / span ${entry.lanes}`, gridRow: 1 }}>
            {entry.column.label}
          </div>
        ))}
        {hours.map((minute) => (
          <div
            key={`hour-${minute}`}
            className="programme-grid__hour"
            style={{ gridColumn: 1, gridRow: `${2 + (minute - first) / SLOT_MINUTES} / span ${60 / SLOT_MINUTES}` }}
          >
            {timeLabel(minute)}
          </div>
        ))}
        {onDrop &&
          layout.flatMap((entry) =>
            Array.from({ length: rows }, (_, row) => {
              const minute = first + row * SLOT_MINUTES;
              const key = `${entry.column.key}@${minute}`;
              return (
                <div
                  key={key}
                  className="programme-grid__slot"
                  data-slot={key}
                  data-over={over === key || undefined}
                  data-hour={minute % 60 === 0 || undefined}
                  style={{ gridColumn: `${entry.line} / span ${entry.lanes}`, gridRow: 2 + row }}
                  onDragOver={(event) => {
                    event.preventDefault();
                    if (over !== key) setOver(key);
                  }}
                  onDragLeave={() => setOver((current) => (current === key ? null : current))}
                  onDrop={drop(entry.column.key, minute)}
                />
              );
            }),
          )}
        {items.map((item) => {
          const entry = lineOf.get(item.column);
          if (!entry) return null;
          const { from, to } = slotRange(item.placed, first);
          return (
            <div
              key={item.placed.id}
              className="programme-grid__item"
              style={{ gridColumn: entry.line + (entry.laneOf.get(item.placed.id) ?? 0), gridRow: `${2 + from} / ${2 + Math.min(rows, to)}` }}
            >
              {item.card}
            </div>
          );
        })}
      </div>
    </div>
  );
}
