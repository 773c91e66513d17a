/**
 * Test hook island: two sections, each in its own `SectionErrorBoundary`. The first loads data
 * that fails once (then succeeds on "Try again"); the second is a counter that must keep working.
 */
import { useEffect, useState } from 'react';
import { withAppErrorBoundary } from '../AppErrorBoundary.tsx';
import type { ErrorLabels } from '../labels.ts';
import { throwIfNotOk } from '../response-error.ts';
import { SectionErrorBoundary } from '../SectionErrorBoundary.tsx';
import { useThrowToBoundary } from '../use-throw-to-boundary.ts';

function FlakyData({ flakyKey }: { flakyKey: string }) {
  const throwToBoundary = useThrowToBoundary();
  const [attempt, setAttempt] = useState<number | null>(null);
  useEffect(() => {
    fetch(`/api/test-hooks/flaky?key=${encodeURIComponent(flakyKey)}`)
      .then(throwIfNotOk)
      .then((response) => response.json() as Promise<{ attempt: number }>)
      .then((data) => setAttempt(data.attempt))
      .catch(throwToBoundary);
  }, [flakyKey, throwToBoundary]);
  return <p data-testid="flaky-data">{attempt === null ? 'Loading…' : `Loaded on attempt ${attempt}`}</p>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Clicked {count} times
    </button>
  );
}

function FlakySections({ flakyKey, errorLabels }: { flakyKey: string; errorLabels: ErrorLabels }) {
  return (
    <>
      <section aria-label="Flaky section">
        <SectionErrorBoundary labels={errorLabels}>
          <FlakyData flakyKey={flakyKey} />
        </SectionErrorBoundary>
      </section>
      <section aria-label="Healthy section">
        <SectionErrorBoundary labels={errorLabels}>
          <Counter />
        </SectionErrorBoundary>
      </section>
    </>
  );
}

export default withAppErrorBoundary(FlakySections);
