/**
 * Who is signed in, for islands that adapt to permissions (hide "Delete" without
 * `content.delete`). The server still decides: this only avoids offering what would be refused.
 */
import { atom } from 'nanostores';

export interface CurrentUser {
  id: string;
  name: string | null;
  email: string | null;
  role: string | null;
  permissions: readonly string[];
}

export const $currentUser = atom<CurrentUser | null>(null);

/** Sets the user from the page's props (call in an effect: never during server rendering). */
export function setCurrentUser(user: CurrentUser | null): void {
  const previous = $currentUser.get();
  if (previous?.id === user?.id && previous?.permissions.join() === user?.permissions.join()) return;
  $currentUser.set(user);
}

/** True when `user` holds `permission`. */
export function userCan(user: CurrentUser | null, permission: string): boolean {
  return Boolean(user?.permissions.includes(permission));
}

/** Whether the island's permissions (its page's user) allow publishing; none known = let the server decide. */
export function mayPublish(permissions: readonly string[]): boolean {
  return permissions.length === 0 || permissions.includes('content.publish');
}
