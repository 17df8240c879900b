import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Renders with THIS app's React 19. (@testing-library/react is hoisted at the workspace root where it
 * resolves the root's React 18 DOM renderer, so we render ourselves and query with @testing-library/dom.)
 */
const mounted: { root: Root; container: HTMLElement }[] = [];

export function render(ui: ReactNode): { container: HTMLElement; rerender: (next: ReactNode) => void } {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(ui);
  mounted.push({ root, container });
  return { container, rerender: (next) => root.render(next) };
}

/** Renders `ui` with a query cache of its own that does not retry: a failed call shows at once. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

export function cleanup(): void {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
}
