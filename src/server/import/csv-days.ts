/**
 * Dates and times as spreadsheets write them, for a conference's own CSV: a date column apart
 * from the times ("Date" + "Time"), European day-first dates (`12.06.2031`, `12/06/2031`), a
 * weekday name instead of a date ("Saturday", "Samstag", "Sábado": the edition's day of that
 * name), times without seconds or a leading zero (`9:30`), and durations in minutes or `h:mm`.
 */
import { wallParts } from '../../lib/zoned-time.ts';
import { normalizeHeader } from './csv-headers.ts';

/** The edition's first and last day, `YYYY-MM-DD` in its zone: where a weekday name falls. */
export interface EditionDays {
  first: string;
  last: string;
}

/** Locales whose weekday names a date column may hold (spreadsheets are written in many). */
const weekdayLocales = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'];

/** Normalized weekday names (long and short) → 0 (Sunday) … 6, from `Intl`, so no list to keep. */
const weekdayNames: Map<string, number> = (() => {
  const names = new Map<string, number>();
  // 2024-01-07 was a Sunday.
  for (let day = 0; day < 7; day++) {
    const date = new Date(Date.UTC(2024, 0, 7 + day, 12));
    for (const locale of weekdayLocales) {
      for (const weekday of ['long', 'short'] as const) {
        const name = normalizeHeader(new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(date));
        if (!names.has(name)) names.set(name, day);
      }
    }
  }
  return names;
})();

const pad = (value: string | number) => String(value).padStart(2, '0');

/** The first day of `days` that is weekday `weekday` (0 = Sunday), or undefined. */
function dayOfWeek(weekday: number, days: EditionDays): string | undefined {
  const last = Date.parse(`${days.last}T12:00:00Z`);
  for (let at = Date.parse(`${days.first}T12:00:00Z`); at <= last; at += 86_400_000) {
    if (new Date(at).getUTCDay() === weekday) return new Date(at).toISOString().slice(0, 10);
  }
  return undefined;
}

/** `YYYY-MM-DD` of a date cell: ISO, day-first with `.` `/` or `-`, or a weekday name within the edition. */
export function readDay(text: string, days: EditionDays | undefined): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (dayFirst) return `${dayFirst[3]}-${pad(dayFirst[2]!)}-${pad(dayFirst[1]!)}`;
  const weekday = weekdayNames.get(normalizeHeader(value).replace(/ $/, ''));
  return weekday === undefined || !days ? undefined : dayOfWeek(weekday, days);
}

/** `HH:MM` (or `HH:MM:SS`) of a time cell: `9:30`, `09.30`, `9h30`, `14:00:00`. */
export function readTime(text: string): string | undefined {
  const match = /^(\d{1,2})[:.h](\d{2})(?::(\d{2}))?$/i.exec(text.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return undefined;
  return `${pad(match[1]!)}:${match[2]}${match[3] ? `:${match[3]}` : ''}`;
}

/**
 * The date and time a row's start or end cell stands for, as the template writes it
 * (`2031-06-12 19:00`), with the date column's day when the cell holds only a time. A cell the
 * template reader already understands is returned as is.
 */
export function combineDateTime(cell: string | null, dayCell: string | null, days: EditionDays | undefined): string | null {
  if (!cell) return null;
  const time = readTime(cell);
  if (time === undefined) {
    // A full date and time, maybe day-first: "12.06.2031 19:00".
    const [datePart, timePart] = cell.trim().split(/[ T]+/);
    const day = datePart ? readDay(datePart, days) : undefined;
    const at = timePart ? readTime(timePart.replace(/(Z|[+-]\d{2}:?\d{2})$/i, '')) : undefined;
    return day && at && !/^\d{4}-/.test(datePart!) ? `${day} ${at}` : cell;
  }
  const day = dayCell ? readDay(dayCell, days) : undefined;
  return day ? `${day} ${time}` : cell;
}

/** Milliseconds of a duration cell: minutes (`45`), `h:mm` (`1:30`), `1h30`, `90 min`; undefined when unreadable. */
export function readDurationCell(text: string): number | undefined {
  const value = text.trim().toLowerCase();
  const minutes = /^(\d{1,4})\s*(?:m|min|mins|minutes|minuten)?$/.exec(value);
  if (minutes) return Number(minutes[1]) * 60_000;
  const clock = /^(\d{1,3})\s*(?::|h)\s*(\d{2})?\s*(?:m|min)?$/.exec(value);
  if (clock && Number(clock[2] ?? 0) < 60) return (Number(clock[1]) * 60 + Number(clock[2] ?? 0)) * 60_000;
  return undefined;
}

/** The edition's days in its zone, from its start and end instants. */
export function editionDaysOf(startsAt: Date, endsAt: Date, zone: string): EditionDays {
  const day = (at: Date) => {
    const { year, month, day } = wallParts(at.getTime(), zone);
    return `${year}-${pad(month!)}-${pad(day!)}`;
  };
  return { first: day(startsAt), last: day(endsAt) };
}
