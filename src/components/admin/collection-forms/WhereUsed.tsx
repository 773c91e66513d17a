/** "Where used" section of a tag, organizer, media or file: what points at it (from the item's `usedBy`). */
import { UsageList } from '../edit-form/UsageList.tsx';
import { usagesOf } from '../lib/api.ts';
import { useAdmin } from '../ui/admin-context.tsx';

export function WhereUsed({ item }: { item: Record<string, unknown> }) {
  const { t } = useAdmin();
  if (!('usedBy' in item)) return null;
  const { usages, total } = usagesOf(item);
  return (
    <section className="admin-section admin-where-used" aria-labelledby="where-used-heading">
      <h2 id="where-used-heading">{t('admin.usages.title')}</h2>
      <UsageList usages={usages} total={total} />
    </section>
  );
}
