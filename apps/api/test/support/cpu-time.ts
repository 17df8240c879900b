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
