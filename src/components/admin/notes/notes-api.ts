/** The island's side of `/api/admin/notes/…` (docs/decisions/061): calls and the sentence of a refusal. */
import type { NoteView } from '../../../lib/notes/note-view.ts';
import { paths } from '../../../lib/paths.ts';
import type { AdminT } from '../lib/translate.ts';
import { translateCode } from '../lib/translate.ts';
import { apiRequest, type ApiResult, type Problem } from '../lib/api.ts';

export type { NoteView };

export const notesApi = {
  create: (collection: string, itemId: number, body: string): Promise<ApiResult<NoteView>> =>
    apiRequest('POST', paths.adminNotes(collection, itemId), { body }),
  update: (noteId: number, body: string): Promise<ApiResult<NoteView>> => apiRequest('PATCH', paths.adminNote(noteId), { body }),
  remove: (noteId: number): Promise<ApiResult<null>> => apiRequest('DELETE', paths.adminNote(noteId)),
};

/** The sentence of a refused write: who cannot be mentioned, by name, or the code's sentence. */
export function refusalOf(t: AdminT, problem: Problem): string {
  const refused = problem['mentions'];
  if (problem.code === 'MENTION_NO_ACCESS' && Array.isArray(refused)) {
    const names = refused.map((entry: { id: string; label: string | null }) => entry.label ?? entry.id).join(', ');
    return t('admin.notes.noAccess', { names });
  }
  return t('admin.notes.failed', { reason: translateCode(t, problem.code) });
}
