import { useCallback, useState } from 'react';

/**
 * Error boundaries only see errors thrown while rendering. This returns a function that rethrows
 * an async error (a failed fetch in an effect or handler) during the next render, so the nearest
 * boundary shows it.
 */
export function useThrowToBoundary(): (error: unknown) => void {
  const [, setState] = useState<null>(null);
  return useCallback((error: unknown) => {
    setState(() => {
      throw error;
    });
  }, []);
}
