import { useCallback, useState } from 'react';
import { CHECKOUT_FAILED_MESSAGE, startCheckout } from './start-checkout';

/**
 * A Start-trial button's state: `start` sends the browser to the checkout, and the button stays
 * busy until it has left; a failure ends the wait and keeps its message in `error`.
 */
export function useCheckout() {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(async () => {
    setStarting(true);
    setError(null);
    try {
      await startCheckout();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : CHECKOUT_FAILED_MESSAGE);
      setStarting(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { starting, error, start, clearError };
}
