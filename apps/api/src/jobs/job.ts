/** Told of every finished run (metrics). */
export type JobRunListener = (name: string, outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * One scheduled job: what it does, how often on the in-process timer (`JOBS=on`), and its cron line on
 * the queue (`JOBS=queue`, jobs/queue-runner.ts). The two say the same period.
 */
export interface ScheduledJob {
  name: string;
  /** The queue's task name (letters, digits, underscores). */
  task: string;
  everyMs: number;
  cron: string;
  run(): Promise<void>;
}
