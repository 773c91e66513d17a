/**
 * "Restore this revision": a confirmed form posting to the restore route (it works without
 * JavaScript), with focus on Cancel since a restore overwrites the current content, and saying so
 * when the restore goes live at once (a published item, a site page).
 */
import { ConfirmedPostForm } from '../ui/ConfirmedPostForm.tsx';

export interface RestoreRevisionFormProps {
  action: string;
  /** The hidden fields the restore route reads (the version it is based on, the locale, an intent…). */
  fields: Record<string, string | number>;
  /** `live`: what a visitor sees changes at once (no draft is kept in between). */
  labels: { button: string; title: string; body: string; confirm: string; cancel: string; live?: string | undefined };
}

export function RestoreRevisionForm({ action, fields, labels }: RestoreRevisionFormProps) {
  return (
    <ConfirmedPostForm
      action={action}
      fields={fields}
      className="admin-button admin-button--primary"
      tone="primary"
      labels={labels}
      formClassName="revision-restore"
      dialogClassName="revision-restore__dialog"
      testId="revision-restore"
      confirmId="restore"
    >
      {labels.live && (
        <p className="revision-restore__live" data-testid="restore-goes-live">
          <strong>{labels.live}</strong>
        </p>
      )}
    </ConfirmedPostForm>
  );
}
