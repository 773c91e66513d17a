import { describe, expect, it } from 'vitest';
import {
  adminCollections,
  findRouteRule,
  hasPermission,
  isOpenAdminPage,
  listPermissions,
  permissions,
  requireDeclaredPermission,
} from '../../src/server/auth/permissions.ts';
import type { AuthUser } from '../../src/server/auth/types.ts';

const user = (role: AuthUser['role']): AuthUser => ({ id: 'u1', email: 'u@example.test', name: null, role, editions: null, provider: 'local' });

describe('role permissions', () => {
  it('lets editors create, edit, publish, delete drafts and upload, but nothing admin-only', () => {
    for (const permission of ['content.read', 'content.write', 'content.publish', 'content.delete', 'media.upload'] as const) {
      expect(hasPermission('editor', permission)).toBe(true);
    }
    for (const permission of ['content.deletePublished', 'media.deleteInUse', 'users.manage'] as const) {
      expect(hasPermission('editor', permission)).toBe(false);
    }
  });

  it('gives admins every permission and no role nothing', () => {
    expect(listPermissions('admin')).toEqual([...permissions]);
    expect(listPermissions(null)).toEqual([]);
    expect(permissions.some((permission) => hasPermission(null, permission))).toBe(false);
  });
});

describe('route rules', () => {
  it.each(adminCollections)('declares the CRUD API of %s', (collection) => {
    expect(findRouteRule(`/api/admin/${collection}`)?.methods).toMatchObject({ GET: 'content.read' });
    expect(findRouteRule(`/api/admin/${collection}/42`)?.methods).toEqual({ GET: 'content.read', PATCH: 'content.write', DELETE: 'content.delete' });
    // `bulk` is its own route, not an item with the id "bulk".
    expect(findRouteRule(`/api/admin/${collection}/bulk`)?.methods).toEqual({ POST: 'content.write' });
    expect(findRouteRule(`/en/admin/${collection}`)?.methods.GET).toBe('content.read');
    expect(findRouteRule(`/de/admin/${collection}/42/edit`)?.methods.GET).toBe('content.read');
  });

  it('needs upload rights to create medias and files, write rights for the rest', () => {
    expect(findRouteRule('/api/admin/medias')?.methods.POST).toBe('media.upload');
    expect(findRouteRule('/api/admin/files')?.methods.POST).toBe('media.upload');
    expect(findRouteRule('/api/admin/events')?.methods.POST).toBe('content.write');
  });

  it('keeps role management to admins and declares nothing for unknown paths', () => {
    expect(findRouteRule('/api/admin/users')?.methods).toEqual({ GET: 'users.manage' });
    expect(findRouteRule('/api/admin/users/abc/role')?.methods).toEqual({ PUT: 'users.manage', DELETE: 'users.manage' });
    expect(findRouteRule('/api/admin/secrets')).toBeUndefined();
    expect(findRouteRule('/en/admin/secrets')).toBeUndefined();
    expect(findRouteRule('/api/admin/events/1/extra')).toBeUndefined();
  });

  it('treats only the sign-in, sign-up, sign-out and 401 pages as open', () => {
    for (const path of [
      '/en/admin/sign-in',
      '/fr/admin/sign-in/factor-one',
      '/de/admin/sign-up',
      '/de/admin/sign-up/verify',
      '/en/admin/sign-out',
      '/en/admin/unauthorized',
    ]) {
      expect(isOpenAdminPage(path), path).toBe(true);
    }
    for (const path of ['/en/admin', '/en/admin/events', '/en/admin/forbidden', '/en/admin/sign-ins', '/en/admin/events/sign-in', '/api/admin/sign-in']) {
      expect(isOpenAdminPage(path), path).toBe(false);
    }
  });
});

describe('requireDeclaredPermission', () => {
  const request = (method: string, path: string) => new Request(`http://hub.test${path}`, { method });

  it('answers 401 without a user', async () => {
    const response = requireDeclaredPermission(null, request('GET', '/api/admin/events'));
    expect(response?.status).toBe(401);
    expect(response?.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response?.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers 403 NO_ROLE for a user without role', async () => {
    const response = requireDeclaredPermission(user(null), request('GET', '/api/admin/events'));
    expect(response?.status).toBe(403);
    expect(await response?.json()).toMatchObject({ code: 'NO_ROLE' });
  });

  it('answers 403 naming the permission the route declares', async () => {
    const response = requireDeclaredPermission(user('editor'), request('GET', '/api/admin/users'));
    expect(response?.status).toBe(403);
    expect(response?.headers.get('cache-control')).toBe('private, no-store');
    expect(await response?.json()).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'users.manage' });
  });

  it('refuses a route or method no rule declares', async () => {
    const response = requireDeclaredPermission(user('admin'), request('DELETE', '/api/admin/me'));
    expect(response?.status).toBe(403);
    expect(await response?.json()).toMatchObject({ code: 'PERMISSION_NOT_DECLARED' });
  });

  it('returns null when the role holds the declared permission', () => {
    expect(requireDeclaredPermission(user('editor'), request('POST', '/api/admin/medias'))).toBeNull();
    expect(requireDeclaredPermission(user('admin'), request('PUT', '/api/admin/users/abc/role'))).toBeNull();
    expect(requireDeclaredPermission(user('editor'), request('GET', '/en/admin/preview/event/some-slug/'))).toBeNull();
  });
});
