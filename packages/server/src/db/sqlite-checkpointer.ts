import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// SQLite in WAL mode copies the log back into the database file ("checkpoints") inside whichever
// commit pushes the log past 1,000 pages: every ~40th sale paid 7–12 ms for it on the event loop,
// the copy and the file's fsync, more than half of all the time spent committing (issue 25,
// measured with bench/sales.bench.ts). SQLite documents running checkpoints from a separate
// thread instead (wal.html, "Application-Initiated Checkpoints"): this worker holds its own
// connection and runs PASSIVE checkpoints, which never block a writer or a reader, so a commit
// only appends to the log. The server's connection keeps a high automatic threshold as a
// backstop, so the log stays bounded even if this thread falls behind or dies.

/** How often the worker looks for new log frames to copy back. */
const EVERY_MS = 200;
/** The server connection's own threshold (pages of 4 KiB): only reached if the worker falls behind. */
export const BACKSTOP_PAGES = 10_000;

// Plain JavaScript run by the worker (the server is bundled into one file, so the worker cannot
// be a module of its own). better-sqlite3 is loaded from the path the server resolved.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    // Copies back what no reader still needs; a no-op when the log has nothing new.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // The database is busy or closing: try again on the next tick.
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts the checkpoint thread for a SQLite file already in WAL mode. */
export function startCheckpointer(file: string, everyMs = EVERY_MS): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, module, everyMs } });
  // A failure there leaves the server connection's automatic checkpoints to do the work.
  worker.on('error', () => undefined);
  worker.unref();
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        // Referenced again while it stops: with nothing else left on the event loop (the end of a
        // graceful shutdown) an unreferenced worker would let the process exit before the
        // shutdown finished (no "shut down cleanly", the pid file left behind).
        worker.ref();
        const timeout = setTimeout(() => void worker.terminate().then(() => resolve()), 2000);
        worker.once('exit', () => {
          clearTimeout(timeout);
          resolve();
        });
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
