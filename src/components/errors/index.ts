/**
 * Error handling for React islands. Typical island:
 *
 *   export default withAppErrorBoundary(function EventsAdmin({ errorLabels }) {
 *     return <SectionErrorBoundary labels={errorLabels}>…</SectionErrorBoundary>;
 *   });
 *
 * with `errorLabels={getErrorLabels(Astro.locals.t)}` passed from the page. See
 * docs/decisions/006-errors-and-monitoring.md.
 */
export { AppErrorBoundary, withAppErrorBoundary, type AppErrorBoundaryProps } from './AppErrorBoundary.tsx';
export { SectionErrorBoundary, type SectionErrorBoundaryProps } from './SectionErrorBoundary.tsx';
export { getErrorDigest, reportClientError, type ClientErrorReport } from './client-errors.ts';
export { getErrorLabels, type ErrorLabels } from './labels.ts';
export { clientErrorSentence, digestLine, serverErrorSentence } from './messages.ts';
export { ResponseError, throwIfNotOk } from './response-error.ts';
export { useThrowToBoundary } from './use-throw-to-boundary.ts';
