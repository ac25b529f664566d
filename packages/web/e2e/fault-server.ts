import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The network-fault suite (issue 23) runs on a server of its own: the built one (`npm run build`),
// on its own port and data folder, so it can be stopped (SIGTERM) and started again mid-sale
// without disturbing the other specs, and its counts of sales are its own.
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../server');

export class FaultServer {
  private child: ChildProcess | null = null;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-e2e-faults-'));
  constructor(readonly port: number) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const main = path.join(serverDir, 'dist/main.js');
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
    const child = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SANDBAR_DATA_DIR: this.dataDir,
        SANDBAR_DEMO: '1',
        LOG_LEVEL: 'warn',
        ...(process.env.E2E_WEB_DIST ? { SANDBAR_WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`the fault server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${this.baseURL}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the fault server did not start');
  }

  /** SIGTERM, as a supervisor (systemd, docker stop) would, and wait until it has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}
