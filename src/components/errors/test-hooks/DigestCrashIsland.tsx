/** Test hook island: its data request fails on the server, so the boundary shows the digest. */
import { useEffect } from 'react';
import { withAppErrorBoundary } from '../AppErrorBoundary.tsx';
import { throwIfNotOk } from '../response-error.ts';
import { useThrowToBoundary } from '../use-throw-to-boundary.ts';

function DigestCrash({ loadingLabel }: { loadingLabel: string }) {
  const throwToBoundary = useThrowToBoundary();
  useEffect(() => {
    fetch('/api/test-hooks/throw', { headers: { Accept: 'application/json' } })
      .then(throwIfNotOk)
      .catch(throwToBoundary);
  }, [throwToBoundary]);
  return <p>{loadingLabel}</p>;
}

export default withAppErrorBoundary(DigestCrash);
