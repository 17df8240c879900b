/**
 * This process's CPU time (user and system) in milliseconds, for bounds on how much work something
 * takes: unlike the wall clock it does not grow while other processes on a loaded machine hold the
 * cores, so a bound on it holds however busy the machine is. The API under test runs in this
 * process, so its work counts, and so does the test's own (small next to the bounds used).
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The garbage collector's pauses from now until `stop()`, in ms. A test whose files share one module
 * graph per worker (`isolate: false`) carries a large heap, and a major collection that happens to
 * fall inside a measured request adds its pause to that request's CPU time: work of every earlier
 * file, not of the request. Subtracting it keeps a bound about the request alone.
 */
export function gcPauses() {
  let total = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) total += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop(): Promise<number> {
      // Entries are delivered after the turn that recorded them.
      await new Promise((resolve) => setTimeout(resolve, 0));
      observer.disconnect();
      return total;
    },
  };
}
