/**
 * Publication buttons for events and editions: the moves the lifecycle allows from the saved
 * status (draft → published → archived → draft, and unpublish). Each saves the draft with the new
 * status in one update, so "fix the title and publish" is one click.
 */
import { mayPublish } from '../../../stores/current-user.ts';
import { useAdmin } from '../ui/admin-context.tsx';

const moves: Record<string, readonly { to: string; action: string }[]> = {
  draft: [{ to: 'published', action: 'publish' }],
  published: [
    { to: 'draft', action: 'unpublish' },
    { to: 'archived', action: 'archive' },
  ],
  archived: [{ to: 'draft', action: 'restore' }],
};

export function PublishControls({ status, disabled, onMove }: { status: string; disabled: boolean; onMove: (to: string) => void }) {
  const { t, permissions } = useAdmin();
  // From the page's props, so even the server-rendered form offers no move a contributor could
  // not make (decision 059); an island given no user shows them and the server decides.
  if (!mayPublish(permissions)) return null;
  return (
    <div className="admin-publish" role="group" aria-label={t('admin.publish.label')}>
      {(moves[status] ?? []).map((move) => (
        <button
          key={move.action}
          type="button"
          className={move.action === 'publish' ? 'admin-button admin-button--primary' : 'admin-button'}
          aria-disabled={disabled}
          data-action={move.action}
          onClick={() => !disabled && onMove(move.to)}
        >
          {t(`admin.publish.${move.action}`)}
        </button>
      ))}
    </div>
  );
}
