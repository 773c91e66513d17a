/**
 * Boundary for one section of a page (e.g. one admin screen's table): a failure replaces only that
 * section with a localized message and "Try again", which remounts the section so its effects run
 * again and re-fetch its data. The rest of the page keeps working.
 */
import { Component, Fragment, createRef, type ErrorInfo, type ReactNode } from 'react';
import { getErrorDigest, reportClientError } from './client-errors.ts';
import type { ErrorLabels } from './labels.ts';
import { digestLine } from './messages.ts';
import './errors.css';

export interface SectionErrorBoundaryProps {
  children?: ReactNode;
  labels: Pick<ErrorLabels, 'sectionTitle' | 'retry'>;
  /** Called before remounting, to drop cached data (e.g. reset a nanostore) so it is fetched again. */
  onReset?: (() => void) | undefined;
}

interface State {
  error: unknown;
  failed: boolean;
  /** Bumped on every reset; used as the children's key so they remount from scratch. */
  attempt: number;
}

export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false, attempt: 0 };
  private readonly container = createRef<HTMLDivElement>();
  private restoring = false;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportClientError({ error, digest: getErrorDigest(error), boundary: 'section' });
  }

  override componentDidUpdate(): void {
    // The "Try again" button disappears on reset: keep keyboard focus inside the section.
    if (this.restoring && !this.state.failed) {
      this.restoring = false;
      this.container.current?.focus();
    }
  }

  private readonly reset = (): void => {
    this.props.onReset?.();
    this.restoring = true;
    this.setState((state) => ({ error: null, failed: false, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    const { failed, error, attempt } = this.state;
    const digest = failed ? getErrorDigest(error) : undefined;
    return (
      <div ref={this.container} tabIndex={-1} className="section-boundary">
        {failed ? (
          <div role="alert" className="section-error" data-error-boundary="section">
            <p>{this.props.labels.sectionTitle}</p>
            {digest && (
              <p lang="en" className="section-error__digest">
                {digestLine(digest)}
              </p>
            )}
            <button type="button" onClick={this.reset}>
              {this.props.labels.retry}
            </button>
          </div>
        ) : (
          <Fragment key={attempt}>{this.props.children}</Fragment>
        )}
      </div>
    );
  }
}
