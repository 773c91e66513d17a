import type { AdminIslandProps } from '../ui/AdminIsland.tsx';

/** Props of every create/edit form island. */
export interface ItemFormProps extends AdminIslandProps {
  /** The item as the API describes it; null on a create page. */
  item: Record<string, unknown> | null;
  /** Initial values of a new item from the page URL (e.g. `?edition=3`). */
  defaults?: Record<string, unknown>;
}
