/** Kept so the CSP module's import stays valid; the capture lives with the HTTP plumbing. */
export * from '../http/response-capture.ts';
