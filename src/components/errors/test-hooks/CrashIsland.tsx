/** Test hook island: throws while rendering, to show the top-level client-side error screen. */
import { withAppErrorBoundary } from '../AppErrorBoundary.tsx';

function Crash(): never {
  throw new Error('Deliberate client-side failure in the test island');
}

export default withAppErrorBoundary(Crash);
