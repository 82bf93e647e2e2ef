import { Injectable, LoggerService, OnApplicationShutdown } from '@nestjs/common';
import pino, { Level, Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { safeError, sanitizeForLog, scrubText } from './log-redaction';
import { RotatingLogFile } from './rotating-log-file';

type Destination = ReturnType<typeof pino.destination>;

/** One request, as logged once when its response is sent. */
interface RequestLogLine {
  reqId: string;
  user?: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  ip: string;
}

const STACK_LINE = /\n\s+at /;

/**
 * The service's logger: pino JSON lines to stdout and to rotating files in LOG_DIR, in-process.
 * It is Nest's LoggerService too (main.ts: app.useLogger), so framework messages land in the
 * same files, sanitised (see log-redaction.ts).
 */
@Injectable()
export class ErpLogger implements LoggerService, OnApplicationShutdown {
  readonly file: RotatingLogFile;
  private readonly stdout: Destination | null;
  private readonly root: Logger;

  constructor(config: AppConfig) {
    this.file = new RotatingLogFile({
      dir: config.logDir,
      maxBytes: config.logFileMaxBytes,
      maxFiles: config.logMaxFiles,
    });
    this.stdout = config.logStdout ? pino.destination({ dest: 1, sync: false, minLength: 0 }) : null;
    const file = this.file;
    const stdout = this.stdout;
    this.root = pino(
      {
        level: config.logLevel,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      {
        write(line: string) {
          stdout?.write(line);
          file.write(line);
        },
      },
    );
  }

  /** The request line (its fields are built from known-safe values by the caller). */
  request(line: RequestLogLine): void {
    if (line.status >= 500) this.root.error(line, 'request');
    else this.root.info(line, 'request');
  }

  /** Structured event of the service itself (fields are sanitised). */
  event(level: Level, fields: Record<string, unknown>, message: string): void {
    if (this.root.isLevelEnabled(level)) this.root[level](sanitizeForLog(fields) as object, message);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  async onApplicationShutdown(): Promise<void> {
    try {
      this.stdout?.flushSync();
    } catch {
      // stdout closed or busy: nothing left to save there
    }
    await this.file.close();
  }

  /** Nest's calling convention: (message, ...details, context?), errors as (message, stack?, context?). */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    const rest = [...params];
    const last = rest[rest.length - 1];
    const context = typeof last === 'string' && !STACK_LINE.test(last) ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    const texts: string[] = [];
    for (const p of [message, ...rest]) {
      if (p === undefined) continue;
      if (p instanceof Error) fields.err = safeError(p);
      else if (typeof p === 'string' && STACK_LINE.test(p)) fields.stack = scrubText(p);
      else if (typeof p === 'string') texts.push(scrubText(p));
      else if (typeof p === 'object' && p !== null) Object.assign(fields, sanitizeForLog(p));
      else texts.push(String(p));
    }
    this.root[level](fields, texts.join(' '));
  }
}
