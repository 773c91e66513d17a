/**
 * Why a bundle was refused, as stable codes with their status; the title is the caller's
 * language (`admin.bundle.error.<CODE>`, `Accept-Language`), like the webhook API's problems.
 */
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import type { FieldErrorMap } from '../../lib/field-errors.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { formatLimit } from '../uploads/limits.ts';

const statusOf = {
  /** Over the size limit, compressed or once unpacked. */
  BUNDLE_TOO_LARGE: 413,
  /** Not a gzip'd tar holding a `bundle.json` that parses as JSON. */
  BUNDLE_UNREADABLE: 400,
  /** Another format, or a version this instance cannot read. */
  BUNDLE_VERSION_UNSUPPORTED: 422,
  /** The manifest does not match the schema (field errors by path). */
  BUNDLE_INVALID: 422,
  /** A file is missing or its bytes differ from the manifest, or an item names one the bundle lacks. */
  BUNDLE_CORRUPT: 422,
  /** Export: a stored file of the edition is gone from storage. */
  BUNDLE_SOURCE_FILE_MISSING: 409,
} as const;

export type BundleErrorCode = keyof typeof statusOf;

function isBundleCode(code: string): code is BundleErrorCode {
  return Object.hasOwn(statusOf, code);
}

interface BundleErrorDetails {
  errors?: FieldErrorMap;
  /** `limit` (bytes) for a bundle too large; `path` for a file. */
  limit?: number;
  path?: string;
}

function titleOf(code: BundleErrorCode, locale: Locale, details: BundleErrorDetails): string {
  return getTranslator(locale)(`admin.bundle.error.${code}` as UiKey, { limit: details.limit ? formatLimit(details.limit) : '', path: details.path ?? '' });
}

/** The refusal `code`, titled in English until `localizeBundleError` gives it the caller's language. */
export function bundleError(code: BundleErrorCode, details: BundleErrorDetails = {}): AdminError {
  const { errors, ...extensions } = details;
  return new AdminError(statusOf[code], code, titleOf(code, defaultLocale, details), { ...(errors ? { errors } : {}), extensions });
}

/** `error` retitled in `locale` when it is a bundle refusal; any other error unchanged. */
export function localizeBundleError(error: unknown, locale: Locale): unknown {
  if (!(error instanceof AdminError) || !isBundleCode(error.code)) return error;
  const extensions = error.details.extensions ?? {};
  const details: BundleErrorDetails = {
    ...(typeof extensions['limit'] === 'number' ? { limit: extensions['limit'] } : {}),
    ...(typeof extensions['path'] === 'string' ? { path: extensions['path'] } : {}),
  };
  return new AdminError(error.status, error.code, titleOf(error.code, locale, details), error.details);
}
