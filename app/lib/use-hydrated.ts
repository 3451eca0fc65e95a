import { useEffect, useState } from "react";

/**
 * False in the server render and until React runs in the browser. A control
 * that only scripts can re-enable (a SUBMIT waiting for a tick) starts enabled,
 * so the page still works with JavaScript off; the server then checks instead.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
