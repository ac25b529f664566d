import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/**
 * Backup and restore of a venue on the embedded SQLite database (issue 27): one `.tar.gz` holding
 * `sandbar.db` (a consistent copy taken with SQLite's online backup API while the server runs) and
 * `uploads/` (logos, images and documents; half-received files left out). PostgreSQL venues use
 * PostgreSQL's own tools (docs/OPERATIONS.md "Backup and restore").
 */

export const DB_FILE = 'sandbar.db';
export const PID_FILE = 'sandbar.pid';
const UPLOADS = 'uploads';

export interface BackupResult {
  file: string;
  bytes: number;
  /** Rows in `sales` in the copy: a quick sign it holds what the operator expects. */
  sales: number;
  uploads: number;
  ms: number;
}

/** `sandbar-2026-11-25T03-00-00Z.tar.gz`: sorts by time, safe in every file system. */
export function backupName(at: Date): string {
  return `sandbar-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

/** Files under uploads/, relative to the data folder, without the half-received ones. */
function uploadEntries(dataDir: string): string[] {
  const root = path.join(dataDir, UPLOADS);
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dataDir, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) {
        if (child !== `${UPLOADS}/.incoming`) walk(child);
      } else if (e.isFile()) out.push(child);
    }
  };
  walk(UPLOADS);
  return out;
}

/**
 * Takes a backup of the venue in `dataDir` into `file` (a .tar.gz). Safe while the server runs:
 * the database is copied through its own connection with the online backup API, all
 * pages in one step, so the copy is the database as of one moment (every sale committed before
 * the step is in it; writers are not blocked, WAL). Then the uploads are added: a file uploaded
 * after that moment may be in the archive without a row pointing at it, which is harmless.
 */
export async function takeBackup(dataDir: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const dbFile = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(dbFile)) throw new Error(`No Sandbar database at ${dbFile}: check SANDBAR_DATA_DIR.`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.backup-'));
  try {
    // Read-write handle, reading only: a read-only one cannot open a WAL database whose -shm is gone.
    const source = new SQLite(dbFile, { fileMustExist: true });
    source.pragma('busy_timeout = 5000');
    try {
      // First step (0 pages) opens the backup; the second copies every page at once.
      await source.backup(path.join(staging, DB_FILE), { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    const copy = new SQLite(path.join(staging, DB_FILE));
    let sales = 0;
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its check: ${String(check)}`);
      // A copy that is one file: no WAL beside it.
      copy.pragma('journal_mode = DELETE');
      sales = (copy.prepare('SELECT count(*) AS n FROM sales').get() as { n: number }).n;
    } finally {
      copy.close();
    }
    const uploads = uploadEntries(dataDir);
    for (const rel of uploads) {
      const to = path.join(staging, rel);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      // A file deleted meanwhile is simply not in the backup.
      try {
        fs.copyFileSync(path.join(dataDir, rel), to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    if (!fs.existsSync(path.join(staging, UPLOADS))) fs.mkdirSync(path.join(staging, UPLOADS));
    const partial = `${path.resolve(file)}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [DB_FILE, UPLOADS]);
    fs.renameSync(partial, file);
    return {
      file: path.resolve(file),
      bytes: fs.statSync(file).size,
      sales,
      uploads: uploads.length,
      ms: Date.now() - started,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The pid of a server running on `dataDir`, from the pid file it writes at start; null if none. */
export function runningServer(dataDir: string): number | null {
  const pidFile = path.join(dataDir, PID_FILE);
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive but someone else's; ESRCH: gone (a crash left the file).
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Written by the server at start, removed at a clean stop; `restore` refuses while it names a live process. */
export function writePidFile(dataDir: string): () => void {
  const pidFile = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(pidFile, 'utf8').trim() === String(process.pid)) fs.rmSync(pidFile);
    } catch {
      // already gone
    }
  };
}

export interface RestoreResult {
  sales: number;
  uploads: number;
  /** Where the database and uploads that were there before went (nothing is deleted). */
  setAside: string | null;
}

/**
 * Puts a backup back into `dataDir` on a stopped server. Refuses while a server runs on it (its
 * pid file names a live process) or while anything holds a write lock on the database. The
 * archive is unpacked and checked first; the current database and uploads are then moved aside
 * into `before-restore-<time>/`, never deleted, and the backup's moved in.
 */
export async function restoreBackup(dataDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}.`);
  const pid = runningServer(dataDir);
  if (pid) throw new Error(`Sandbar is running on ${dataDir} (pid ${pid}): stop it, then restore.`);
  const dbFile = path.join(dataDir, DB_FILE);
  if (fs.existsSync(dbFile)) {
    // A second guard: another process in a write (a server started without a pid file) holds the lock.
    const db = new SQLite(dbFile, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 0');
      db.exec('BEGIN IMMEDIATE; ROLLBACK;');
    } catch {
      throw new Error(`The database ${dbFile} is in use: stop every Sandbar server on it, then restore.`);
    } finally {
      db.close();
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      filter: (p) => p === DB_FILE || p === UPLOADS || p.startsWith(`${UPLOADS}/`),
    });
    const restored = path.join(staging, DB_FILE);
    if (!fs.existsSync(restored)) throw new Error(`${file} is not a Sandbar backup (no ${DB_FILE} in it).`);
    const copy = new SQLite(restored, { fileMustExist: true });
    let sales: number;
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The backup's database failed its check: ${String(check)}`);
      sales = (copy.prepare('SELECT count(*) AS n FROM sales').get() as { n: number }).n;
    } finally {
      copy.close();
    }
    fs.mkdirSync(path.join(staging, UPLOADS), { recursive: true });
    const uploads = uploadEntries(staging).length;

    let setAside: string | null = null;
    const current = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, UPLOADS].filter((f) =>
      fs.existsSync(path.join(dataDir, f)),
    );
    if (current.length) {
      setAside = path.join(
        dataDir,
        `before-restore-${now
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z')
          .replace(/:/g, '-')}`,
      );
      fs.mkdirSync(setAside);
      for (const f of current) fs.renameSync(path.join(dataDir, f), path.join(setAside, f));
    }
    fs.renameSync(restored, dbFile);
    fs.renameSync(path.join(staging, UPLOADS), path.join(dataDir, UPLOADS));
    return { sales, uploads, setAside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` nightly backups in `dir` (files named by backupName), deletes the rest. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^sandbar-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/.test(f))
    .sort()
    .reverse();
  const gone = files.slice(Math.max(keep, 1));
  for (const f of gone) fs.rmSync(path.join(dir, f), { force: true });
  return gone;
}

/** The venue's calendar day and hour of an instant, in its time zone. */
function venueDayHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The instant a backup named by backupName was taken; null for other names. */
function takenAt(name: string): Date | null {
  const m = /^sandbar-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

/** The hour (venue time) from which the nightly backup of a day is taken: after the last sales, before the first. */
export const NIGHTLY_HOUR = 3;

export interface NightlyOptions {
  dataDir: string;
  /** The folder of nightly backups (SANDBAR_BACKUP_DIR/nightly). */
  dir: string;
  keep: number;
  timeZone: string;
  now: Date;
}

/**
 * The nightly backup, run by the scheduler every few minutes: once the venue's clock is past
 * 3 am, takes the day's backup unless the folder already has one from that venue day, then keeps
 * the newest `keep`. A server that was down at 3 am takes it when it is back.
 */
export async function runNightlyBackup(o: NightlyOptions): Promise<{ file: string; pruned: number } | null> {
  const today = venueDayHour(o.now, o.timeZone);
  if (today.hour < NIGHTLY_HOUR) return null;
  const names = fs.existsSync(o.dir) ? fs.readdirSync(o.dir) : [];
  const done = names.some((n) => {
    const at = takenAt(n);
    if (!at) return false;
    const then = venueDayHour(at, o.timeZone);
    return then.day === today.day && then.hour >= NIGHTLY_HOUR;
  });
  if (done) return null;
  const result = await takeBackup(o.dataDir, path.join(o.dir, backupName(o.now)));
  return { file: result.file, pruned: pruneBackups(o.dir, o.keep).length };
}
