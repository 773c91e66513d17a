/**
 * Typed failures of the admin domain. Services throw `AdminError`; the route wrapper turns it into
 * the one problem+json response. Anything else that escapes is a bug and becomes a 500 with a
 * digest (the raw message never reaches the client).
 */
import type { FieldErrorMap } from '../../lib/field-errors.ts';

export type { FieldErrorMap };

export interface AdminErrorDetails {
  errors?: FieldErrorMap;
  /** Extra members of the problem body (`suggestion`, `current`, `usages`, `permission`…). */
  extensions?: Record<string, unknown>;
}

export class AdminError extends Error {
  override name = 'AdminError';
  readonly status: number;
  readonly code: string;
  readonly details: AdminErrorDetails;

  constructor(status: number, code: string, title: string, details: AdminErrorDetails = {}) {
    super(title);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Collects field errors by path, then fails once with all of them. */
export class FieldErrors {
  // No prototype: paths can echo client keys (`__proto__`), which must stay ordinary keys.
  readonly map: FieldErrorMap = Object.create(null);

  add(path: string, code: string): this {
    const list = (this.map[path] ??= []);
    if (!list.includes(code)) list.push(code);
    return this;
  }

  merge(other: FieldErrorMap): this {
    for (const [path, codes] of Object.entries(other)) for (const code of codes) this.add(path, code);
    return this;
  }

  get size(): number {
    return Object.keys(this.map).length;
  }

  /** Throws a 422 (semantically invalid values) when any error was collected. */
  throwIfAny(status = 422, code = 'INVALID_VALUES', title = 'Some values are not valid'): void {
    if (this.size > 0) throw new AdminError(status, code, title, { errors: this.map });
  }
}

/** 404 for an id that does not exist (or no longer does). */
export function notFound(entity: string, id: number | string): AdminError {
  return new AdminError(404, 'NOT_FOUND', `No ${entity} with id ${id}`);
}

/** 403 naming the permission a data-dependent decision needed. */
export function permissionDenied(permission: string): AdminError {
  return new AdminError(403, 'PERMISSION_DENIED', `This needs the permission ${permission}`, { extensions: { permission } });
}
