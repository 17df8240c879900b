import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinePerTurnDestination } from './log-destination.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'podpot-log-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the log destination', () => {
  it("writes a turn's lines together once the turn is done, in order", async () => {
    const file = path.join(dir, 'turn.log');
    const fd = openSync(file, 'w');
    try {
      const destination = new LinePerTurnDestination(fd);
      destination.write('{"n":1}\n');
      destination.write('{"n":2,"name":"Ærøskøbing"}\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setImmediate(resolve));
      expect(await readFile(file, 'utf8')).toBe('{"n":1}\n{"n":2,"name":"Ærøskøbing"}\n');
      destination.write('{"n":3}\n');
      destination.flushSync();
      expect(await readFile(file, 'utf8')).toBe('{"n":1}\n{"n":2,"name":"Ærøskøbing"}\n{"n":3}\n');
    } finally {
      closeSync(fd);
    }
  });

  it('gets every line through a pipe read slowly, including those pending when the process exits', async () => {
    const script = path.join(dir, 'writer.mts');
    await writeFile(
      script,
      `import { LinePerTurnDestination } from ${JSON.stringify(fileURLToPath(new URL('./log-destination.ts', import.meta.url)))};
const destination = new LinePerTurnDestination(1);
const pad = 'x'.repeat(200);
for (let turn = 0; turn < 20; turn++) {
  for (let i = 0; i < 1000; i++) destination.write(JSON.stringify({ n: turn * 1000 + i, pad }) + '\\n');
  await new Promise((resolve) => setImmediate(resolve));
}
for (let i = 20000; i < 20100; i++) destination.write(JSON.stringify({ n: i, pad }) + '\\n');
process.exit(0);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    // A slow reader: the pipe fills up and the writer has to wait for it.
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(20100);
    expect(lines.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual(
      Array.from({ length: 20100 }, (_, i) => i),
    );
  }, 60_000);
});
