/**
 * Top-level boundary for a React island: when anything inside throws while rendering, the island
 * is replaced by the "Application error" sentence (server wording + digest when the error came
 * from a server response). Wrap every island's root with it, or use `withAppErrorBoundary`.
 */
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { getErrorDigest, reportClientError } from './client-errors.ts';
import type { ErrorLabels } from './labels.ts';
import { clientErrorSentence, digestLine, serverErrorSentence } from './messages.ts';
import './errors.css';

export interface AppErrorBoundaryProps {
  children?: ReactNode;
  /** Localized surrounding UI (the reload button); the sentences themselves stay in English. */
  labels?: Pick<ErrorLabels, 'reload'> | undefined;
  /** The page's host; defaults to `location.host` (the boundary only renders its fallback in the browser). */
  host?: string | undefined;
}

interface State {
  error: unknown;
  failed: boolean;
}

export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportClientError({ error, digest: getErrorDigest(error), boundary: 'app' });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const host = this.props.host ?? (typeof window === 'undefined' ? '' : window.location.host);
    const digest = getErrorDigest(this.state.error);
    return (
      <div role="alert" className="app-error" data-error-boundary="app">
        <p lang="en" className="app-error__sentence">
          {digest ? serverErrorSentence(host) : clientErrorSentence(host)}
        </p>
        {digest && (
          <p lang="en" className="app-error__digest">
            {digestLine(digest)}
          </p>
        )}
        {this.props.labels?.reload && (
          <button type="button" onClick={() => window.location.reload()}>
            {this.props.labels.reload}
          </button>
        )}
      </div>
    );
  }
}

/** Wraps an island component in `AppErrorBoundary`; its optional `errorLabels` prop localizes the fallback. */
export function withAppErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P & { errorLabels?: ErrorLabels }> {
  function WithAppErrorBoundary(props: P & { errorLabels?: ErrorLabels }) {
    return (
      <AppErrorBoundary labels={props.errorLabels}>
        <Inner {...props} />
      </AppErrorBoundary>
    );
  }
  WithAppErrorBoundary.displayName = `WithAppErrorBoundary(${Inner.displayName ?? Inner.name ?? 'Component'})`;
  return WithAppErrorBoundary;
}
