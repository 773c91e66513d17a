/** "Repeats · 12 dates" under an event's start in the admin list. */
import { useAdmin } from '../ui/admin-context.tsx';
import { isRepeating, seriesDateCount } from './repeat-state.ts';
import { useExpander } from './use-expander.ts';

export function RepeatNote({ item }: { item: Record<string, unknown> }) {
  const { t } = useAdmin();
  const repeating = isRepeating(item);
  const expand = useExpander(repeating);
  const count = repeating && expand ? seriesDateCount(item, expand) : null;
  if (count === null) return null;
  return (
    <span className="admin-list__repeats" data-testid="repeats">
      {t('admin.repeat.listSummary', { count })}
    </span>
  );
}
