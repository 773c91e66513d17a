/** "Where used": the items that point at an item (an event at its venue, say), as links. */
import { paths } from '../../../lib/paths.ts';
import type { Usage } from '../lib/api.ts';
import { useAdmin } from '../ui/admin-context.tsx';

export function UsageList({ usages, total }: { usages: readonly Usage[]; total: number }) {
  const { t, locale } = useAdmin();
  if (usages.length === 0) return <p className="admin-usages__none">{t('admin.usages.none')}</p>;
  return (
    <>
      <ul className="admin-usages" data-testid="usages">
        {usages.map((usage) => (
          <li key={`${usage.entity}-${usage.id}-${usage.field}-${usage.usedId}`}>
            <span className="admin-usages__entity">{t(`admin.usages.entity.${usage.entity}`)}</span>{' '}
            <a href={paths.adminEdit(locale, usage.collection, usage.id)}>{usage.title}</a>{' '}
            <span className="admin-usages__field">({t(`admin.usages.field.${usage.field}`)})</span>
          </li>
        ))}
      </ul>
      {total > usages.length && <p>{t('admin.usages.more', { count: total - usages.length })}</p>}
    </>
  );
}
