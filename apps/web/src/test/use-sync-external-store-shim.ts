// Tests only: the CommonJS shim would require() the workspace root's React 18. React 19 has the hook built in.
export { useSyncExternalStore } from 'react';
