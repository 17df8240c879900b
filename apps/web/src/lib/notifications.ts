/**
 * The notification queue (docs/product.md §4, §9): notifications are queued and shown one at a time, each
 * removed from the queue once displayed, top-right, for 3000 ms, without a confirm button.
 */
export type NotificationColor = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  content: string;
  color: NotificationColor;
  showProgress?: boolean;
}

export interface ShownNotification extends Notification {
  id: number;
}

export const NOTIFICATION_TIMEOUT_MS = 3000;

type Listener = () => void;

export class NotificationCenter {
  private queue: ShownNotification[] = [];
  private current: ShownNotification | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private listeners = new Set<Listener>();

  constructor(private readonly timeout = NOTIFICATION_TIMEOUT_MS) {}

  notify(notification: Notification): void {
    this.queue.push({ ...notification, id: this.nextId++ });
    if (!this.current) this.showNext();
    else this.emit();
  }

  /** The notification on screen, or null. */
  getCurrent = (): ShownNotification | null => this.current;

  /** Waiting notifications (the one on screen is no longer in the queue). */
  getQueue(): readonly ShownNotification[] {
    return this.queue;
  }

  /** Hides the current notification (timeout or close) and shows the next one. */
  dismiss(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.current = null;
    this.showNext();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private showNext(): void {
    const next = this.queue.shift() ?? null;
    this.current = next;
    if (next) this.timer = setTimeout(() => this.dismiss(), this.timeout);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The app's single queue. */
export const notifications = new NotificationCenter();

export function notify(content: string, color: NotificationColor = 'info', showProgress = false): void {
  notifications.notify({ content, color, showProgress });
}
export const notifySuccess = (content: string) => notify(content, 'success');
export const notifyError = (content: string) => notify(content, 'error');
