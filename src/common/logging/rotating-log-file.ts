import { accessSync, constants, mkdirSync } from 'node:fs';
import { lstat, readdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import pino from 'pino';

type Destination = ReturnType<typeof pino.destination>;

/** One open log file; SonicBoom's typings do not expose its open/closed state, so we track it. */
interface OpenFile {
  path: string;
  stream: Destination;
  opened: boolean;
  failed: boolean;
  ready: Promise<void>;
  closing?: Promise<void>;
}

interface RotatingLogFileOptions {
  dir: string;
  /** A file is closed and a new one started before it would grow past this size. */
  maxBytes: number;
  /** Rotation keeps this many of our own files; older ones are deleted. */
  maxFiles: number;
  /** How often the current file is checked for having been deleted behind our back (ms). */
  checkIntervalMs?: number;
}

/** Requests, user names and addresses are for the owner only: a new LOG_DIR and every log file. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Files this service writes: erp-<UTC time>-p<pid>-<n>.log. */
const OWN_FILE = /^erp-\d{8}T\d{6}Z-p\d+-\d+\.log$/;
/** What DELETE /www/log removes: every log file, ours or rotated by other tools (x.log, x.log.1, x.log.gz). */
const ANY_LOG_FILE = /\.log($|[.-])/i;

function isLogFileName(name: string): boolean {
  return ANY_LOG_FILE.test(name);
}

function sequenceOf(name: string): number {
  return Number(/-(\d+)\.log$/.exec(name)?.[1] ?? 0);
}

function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

function stamp(now: number): string {
  return new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/**
 * JSON lines into LOG_DIR with rotation by day (UTC) and size, writing asynchronously in-process
 * (SonicBoom, no worker thread). `clear()` is DELETE /www/log: it switches to a fresh file first,
 * then deletes every log file of the directory, so no line is lost in between.
 */
export class RotatingLogFile {
  private readonly dir: string;
  private current!: OpenFile;
  private bytes = 0;
  private rollAt = 0;
  private seq = 0;
  private closed = false;
  private readonly watchdog: NodeJS.Timeout;
  /** Serialises clear() calls and rotations started by them. */
  private clearing: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RotatingLogFileOptions) {
    this.dir = resolve(options.dir);
    try {
      mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
      accessSync(this.dir, constants.W_OK);
    } catch (e) {
      throw new Error(`LOG_DIR ${options.dir} cannot be written: ${(e as Error).message}`);
    }
    this.open();
    this.watchdog = setInterval(() => void this.reopenIfDeleted(), options.checkIntervalMs ?? 5000);
    this.watchdog.unref();
  }

  get path(): string {
    return this.current.path;
  }

  write(line: string): boolean {
    if (this.closed) return true;
    const now = Date.now();
    if (now >= this.rollAt || (this.bytes > 0 && this.bytes + line.length > this.options.maxBytes)) {
      this.rotate();
    }
    this.bytes += line.length;
    return this.current.stream.write(line);
  }

  /** Starts a fresh file, then deletes every other log file in the directory; returns how many. */
  clear(): Promise<number> {
    const run = this.clearing.then(async () => {
      await this.rotateAndWait();
      return this.deleteLogFilesExcept(basename(this.current.path));
    });
    this.clearing = run.catch(() => undefined);
    return run;
  }

  /** Writes what is buffered and closes the file; later writes are dropped. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watchdog);
    await endFile(this.current);
  }

  private open(): void {
    const now = Date.now();
    this.seq += 1;
    const path = join(this.dir, `erp-${stamp(now)}-p${process.pid}-${this.seq}.log`);
    try {
      // Deleted behind our back: made again for the owner only (SonicBoom's mkdir would be 0755).
      mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
    } catch {
      // the stream's error below reports it and the watchdog tries again
    }
    const stream = pino.destination({ dest: path, sync: false, mode: FILE_MODE, minLength: 0 });
    // A full disk or a vanished directory must not crash the service; the watchdog reopens.
    stream.on('error', (err: Error) => process.stderr.write(`log file error: ${err.message}\n`));
    const file: OpenFile = { path, stream, opened: false, failed: false, ready: Promise.resolve() };
    file.ready = new Promise((done) => {
      stream.once('ready', () => {
        file.opened = true;
        done();
      });
      stream.once('error', () => {
        file.failed = !file.opened;
        done();
      });
    });
    this.current = file;
    this.bytes = 0;
    this.rollAt = nextUtcMidnight(now);
  }

  private rotate(): OpenFile {
    const old = this.current;
    this.open();
    void endFile(old);
    void this.prune();
    return this.current;
  }

  private async rotateAndWait(): Promise<void> {
    const old = this.current;
    const fresh = this.rotate();
    await Promise.all([fresh.ready, endFile(old)]);
  }

  private async reopenIfDeleted(): Promise<void> {
    const file = this.current;
    if (this.closed) return;
    if (file.failed) {
      this.rotate();
      return;
    }
    if (!file.opened) return;
    try {
      await stat(file.path);
    } catch (e) {
      const gone = (e as NodeJS.ErrnoException).code === 'ENOENT';
      if (gone && !this.closed && file === this.current) this.rotate();
    }
  }

  /** Retention: only our own files, newest first; the current one (maybe not created yet) counts. */
  private async prune(): Promise<void> {
    try {
      const current = basename(this.current.path);
      const others = (await readdir(this.dir)).filter((n) => OWN_FILE.test(n) && n !== current);
      if (others.length < this.options.maxFiles) return;
      const dated = await Promise.all(
        others.map(async (name) => ({ name, mtime: (await lstat(join(this.dir, name))).mtimeMs })),
      );
      dated.sort((a, b) => b.mtime - a.mtime || sequenceOf(b.name) - sequenceOf(a.name));
      for (const d of dated.slice(this.options.maxFiles - 1)) await this.unlinkInDir(d.name);
    } catch {
      // retention is best effort; the next rotation tries again
    }
  }

  private async deleteLogFilesExcept(keep: string): Promise<number> {
    let deleted = 0;
    for (const entry of await readdir(this.dir, { withFileTypes: true })) {
      if (entry.name === keep || !isLogFileName(entry.name)) continue;
      // Symlinks are removed themselves, never followed; directories are never entered.
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      if (await this.unlinkInDir(entry.name)) deleted += 1;
    }
    return deleted;
  }

  private async unlinkInDir(name: string): Promise<boolean> {
    const target = resolve(this.dir, name);
    if (dirname(target) !== this.dir || basename(target) !== name) return false;
    try {
      await unlink(target);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
  }
}

function endFile(file: OpenFile): Promise<void> {
  if (file.failed) return Promise.resolve();
  file.closing ??= new Promise((done) => {
    file.stream.once('close', () => done());
    file.stream.once('error', () => done());
    file.stream.end();
  });
  return file.closing;
}
