// Calls `check` every `intervalMs` while `active` (the first call after one interval: the caller already
// knows the state), and again after each answer; a failed call is tried again at the next interval. Stops
// when `active` turns false or the component goes.
import { useEffect, useRef } from 'react';

export function usePolling(check: () => Promise<void>, intervalMs: number, active: boolean): void {
  const latest = useRef(check);
  latest.current = check;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      latest.current().then(
        () => {
          if (!stopped) timer = setTimeout(tick, intervalMs);
        },
        () => {
          if (!stopped) timer = setTimeout(tick, intervalMs);
        },
      );
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [intervalMs, active]);
}
