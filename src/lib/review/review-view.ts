/** A review request as the API answers it and the edit form shows it (docs/decisions/064). */
export interface ReviewView {
  id: number;
  status: 'waiting' | 'changes-requested' | 'approved' | 'withdrawn' | 'closed';
  message: string | null;
  submittedBy: { id: string; label: string };
  submittedAt: string;
  decidedBy: { id: string | null; label: string | null } | null;
  decidedAt: string | null;
  comment: string | null;
  itemVersion: number;
  copyVersion: number | null;
}
