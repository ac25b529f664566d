/**
 * `fn` at most once every `gapMs`: a call runs it at once when the last run is at least `gapMs`
 * old; calls inside the gap are folded into one run at its end. Nothing is dropped (the last
 * call always leads to a run), but a burst of calls costs one run per gap, not one per call.
 */
export function spaced(fn: () => void, gapMs: number, now: () => number = Date.now): () => void {
  let lastRun = -Infinity;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    pending = undefined;
    lastRun = now();
    fn();
  };
  return () => {
    if (pending) return;
    const wait = lastRun + gapMs - now();
    if (wait <= 0) run();
    else pending = setTimeout(run, wait);
  };
}
