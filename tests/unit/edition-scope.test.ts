/** Contributors and edition scopes (docs/decisions/059): the pure rules under every write path. */
import { describe, expect, it } from 'vitest';
import { mayChange, readEditionScope, scopeCovers } from '../../src/server/auth/edition-scope.ts';
import { hasPermission } from '../../src/server/auth/permissions.ts';
import { outranks, resolveRole } from '../../src/server/auth/roles.ts';
import { roleChangeAction } from '../../src/server/audit/record.ts';

describe('the contributor role', () => {
  it('writes, saves drafts, deletes what was never public and uploads, but never publishes', () => {
    for (const permission of ['admin.access', 'content.read', 'content.write', 'content.delete', 'media.upload'] as const) {
      expect(hasPermission('contributor', permission)).toBe(true);
    }
    for (const permission of ['content.publish', 'content.deletePublished', 'media.deleteInUse', 'users.manage', 'inbox.read'] as const) {
      expect(hasPermission('contributor', permission)).toBe(false);
    }
  });

  it('ranks below editor, which ranks below admin', () => {
    expect(outranks('editor', 'contributor')).toBe(true);
    expect(outranks('admin', 'editor')).toBe(true);
    expect(outranks('contributor', 'editor')).toBe(false);
    expect(outranks('contributor', null)).toBe(true);
    // An allow-list raises a granted contributor to editor, never lowers an editor.
    expect(resolveRole('contributor', 'e@x.test', { adminEmails: [], editorEmails: ['e@x.test'] })).toBe('editor');
    expect(resolveRole('admin', 'e@x.test', { adminEmails: [], editorEmails: ['e@x.test'] })).toBe('admin');
  });

  it('names a role change a promotion or a demotion by rank', () => {
    expect(roleChangeAction('contributor', 'editor')).toBe('promote');
    expect(roleChangeAction('editor', 'admin')).toBe('promote');
    expect(roleChangeAction('contributor', 'admin')).toBe('promote');
    expect(roleChangeAction('admin', 'contributor')).toBe('demote');
    expect(roleChangeAction('editor', 'contributor')).toBe('demote');
    expect(roleChangeAction(null, 'contributor')).toBe('grant');
    expect(roleChangeAction('contributor', null)).toBe('revoke');
  });
});

describe('edition scopes', () => {
  it('reads a stored or claimed scope, never widening a broken one', () => {
    expect(readEditionScope(null)).toBeNull();
    expect(readEditionScope(undefined)).toBeNull();
    expect(readEditionScope('[3,1,3]')).toEqual([3, 1]);
    expect(readEditionScope([2, '5'])).toEqual([2, 5]);
    expect(readEditionScope('not json')).toEqual([]);
    expect(readEditionScope({ editions: 1 })).toEqual([]);
    expect(readEditionScope([-1, 1.5, 'x'])).toEqual([]);
  });

  it('covers its editions only; no limit covers everything, including items of no edition', () => {
    expect(scopeCovers(null, 7)).toBe(true);
    expect(scopeCovers(undefined, null)).toBe(true);
    expect(scopeCovers([7], 7)).toBe(true);
    expect(scopeCovers([7], 8)).toBe(false);
    expect(scopeCovers([7], null)).toBe(false);
    expect(scopeCovers([], 7)).toBe(false);
  });

  it('lets a limited person change edition items in scope, and shared items they created', () => {
    expect(mayChange([1], 'u1', { edition: 1 }, true)).toBe(true);
    expect(mayChange([1], 'u1', { edition: 2, createdBy: 'u1' }, true)).toBe(false);
    expect(mayChange([1], 'u1', { createdBy: 'u1' }, false)).toBe(true);
    expect(mayChange([1], 'u1', { createdBy: 'u2' }, false)).toBe(false);
    expect(mayChange(null, 'u1', { createdBy: 'u2' }, false)).toBe(true);
  });
});
