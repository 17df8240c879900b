// Preloaded (`node --import`) into a process started with an IPC channel: once the parent is gone —
// ended, crashed or killed with SIGKILL, when it had no chance to stop its children — the channel
// closes, and this process stops as if told to (SIGTERM, so it shuts down cleanly). Keeps a killed
// browser-test run from leaving servers behind (scripts/e2e-server.mjs).
if (process.connected) {
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // The channel alone must not keep the process alive.
  process.channel?.unref();
}
