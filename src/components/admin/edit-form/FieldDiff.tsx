/**
 * Two versions of an item side by side, one row per differing field: the conflict dialog's
 * "theirs / mine" and the history panel's "this revision / current". Pure (labels and values
 * come in as props), so the history panel renders it on the server without hydrating it.
 */
const MAX_TEXT = 160;

export function formatDiffValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : empty;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

export interface FieldDiffRow {
  path: string;
  label: string;
  left: unknown;
  right: unknown;
  /** A marker after the label (a clash in the conflict dialog). */
  flag?: string | undefined;
}

export interface FieldDiffProps {
  caption: string;
  /** Column headings: the field, then the two versions. */
  headings: readonly [string, string, string];
  rows: readonly FieldDiffRow[];
  /** Shown for an empty value. */
  empty: string;
  className?: string;
}

export function FieldDiff({ caption, headings, rows, empty, className = 'admin-conflict__table' }: FieldDiffProps) {
  return (
    <div className="admin-table-wrap">
      <table className={className}>
        <caption className="admin-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} data-path={row.path} className={row.flag ? 'admin-conflict__clash' : undefined}>
              <th scope="row">
                {row.label}
                {row.flag && <span className="admin-conflict__flag">{row.flag}</span>}
              </th>
              <td>{formatDiffValue(row.left, empty)}</td>
              <td>{formatDiffValue(row.right, empty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
