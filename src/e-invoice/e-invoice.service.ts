import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { ServiceMetrics } from '../metrics/service-metrics';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../common/config/app-config';
import { AuthUser } from '../auth/auth-user';
import { ErpLogger } from '../common/logging/erp-logger';
import { fieldProblems } from '../common/http/validation';
import { decodeBase64Payload } from './base64-payload';
import { ZugferdRequest, ZugferdRequestDto } from './dto/zugferd-request.dto';
import { ZugferdJobStopped, ZugferdPool } from './zugferd-pool';
import type { ZugferdTask } from './zugferd-worker';
import { ZugferdWorkFiles } from './zugferd-work-files';

/** A file the endpoint answers with. */
interface EInvoiceDocument {
  content: Buffer;
  contentType: 'application/pdf' | 'application/xml';
  fileName: string;
}

/** One request's steps; they form `subprocess_output` and, with Verbose, lines of the service log. */
class ZugferdJob {
  readonly id = randomUUID();
  readonly steps: string[] = [];
  verbose = false;

  constructor(private readonly logger: ErpLogger) {}

  get filename(): string {
    return `${this.id}/input.pdf`;
  }

  record(step: string): void {
    this.steps.push(step);
    if (this.verbose) this.logger.event('info', { zugferdJob: this.id, step }, 'zugferd step');
  }

  failure(reason: string): ApiError {
    return new ApiError(400, 'endpoint', reason, {
      filename: this.filename,
      subprocess_output: [...this.steps],
    });
  }
}

/** The attachment name comes from the uploaded PDF: keep it out of header syntax. */
function headerSafeFileName(name: string): string {
  const safe = name.replace(/[^\w.-]/g, '_');
  return safe === '' ? 'invoice.xml' : safe;
}

@Injectable()
export class EInvoiceService {
  constructor(
    private readonly workFiles: ZugferdWorkFiles,
    private readonly logger: ErpLogger,
    private readonly config: AppConfig,
    private readonly metrics: ServiceMetrics,
    private readonly pool: ZugferdPool,
  ) {}

  /** Runs Extract or Combine; every failure is the documented 400 body with the steps up to it. */
  async process(body: unknown, user: AuthUser): Promise<EInvoiceDocument> {
    const started = performance.now();
    const operation = (body as { Operation?: unknown } | null)?.Operation;
    const label = operation === 'Combine' || operation === 'Extract' ? operation : 'invalid';
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      const document = await this.processJob(body, user);
      outcome = 'ok';
      return document;
    } finally {
      this.metrics.zugferdJob(label, outcome, (performance.now() - started) / 1000);
    }
  }

  private async processJob(body: unknown, user: AuthUser): Promise<EInvoiceDocument> {
    const job = new ZugferdJob(this.logger);
    const request = this.validate(body, job);
    job.verbose = request.Verbose === true;
    job.record(`${request.Operation} requested by ${user.name}`);
    // Work files hold whole invoices on the server's disk: only for admins, unless a setting allows it.
    if (request.Debug && user.role !== 'admin' && !this.config.zugferdDebugAllowed) {
      job.record('failed: Debug (keeping the work files) is reserved to role admin');
      throw job.failure('Debug is reserved to role admin (or ZUGFERD_DEBUG_ALLOWED=true).');
    }
    const inputs: Record<string, Uint8Array | string> = {};
    try {
      const pdf = this.decode('PDF', request.PDF, job);
      inputs['input.pdf'] = pdf;
      const document =
        request.Operation === 'Combine'
          ? await this.combine(pdf, request, job, inputs)
          : await this.extract(pdf, request, job);
      if (request.Debug) {
        job.record(`kept work files in ${job.id}/`);
        await this.workFiles.keep(job.id, {
          ...inputs,
          [document.contentType === 'application/pdf' ? 'output.pdf' : 'output.xml']: document.content,
          'steps.txt': job.steps.join('\n'),
        });
      }
      return document;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (request.Debug) await this.workFiles.keep(job.id, { ...inputs, 'steps.txt': job.steps.join('\n') });
      throw error;
    }
  }

  private validate(body: unknown, job: ZugferdJob): ZugferdRequest {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      job.record('failed: the request body is not a JSON object');
      throw job.failure('The request body must be a JSON object with Operation and PDF.');
    }
    const request = plainToInstance(ZugferdRequestDto, body);
    const problems = fieldProblems(validateSync(request, { whitelist: true, forbidNonWhitelisted: true }));
    if (problems.length > 0) {
      for (const problem of problems) job.record(`failed: ${problem.message}`);
      throw job.failure(`The request is invalid: ${problems.map((problem) => problem.message).join('; ')}.`);
    }
    if (request.Operation === 'Combine' && request.XML === undefined) {
      job.record('failed: XML is required for Combine');
      throw job.failure('XML (Base64 of the invoice XML) is required for Combine.');
    }
    return request;
  }

  private decode(field: 'PDF' | 'XML', value: string, job: ZugferdJob): Buffer {
    try {
      const bytes = decodeBase64Payload(field, value);
      job.record(`decoded ${field}: ${bytes.length} bytes`);
      return bytes;
    } catch (error) {
      const reason = (error as Error).message;
      job.record(`failed: ${reason}`);
      throw job.failure(`${reason}.`);
    }
  }

  private async combine(
    pdf: Buffer,
    request: ZugferdRequest,
    job: ZugferdJob,
    inputs: Record<string, Uint8Array | string>,
  ): Promise<EInvoiceDocument> {
    const xml = this.decode('XML', request.XML ?? '', job);
    inputs['input.xml'] = xml;
    const result = await this.run({ operation: 'Combine', pdf, xml }, job);
    return { content: result.content, contentType: 'application/pdf', fileName: 'invoice.pdf' };
  }

  private async extract(pdf: Buffer, request: ZugferdRequest, job: ZugferdJob): Promise<EInvoiceDocument> {
    if (request.XML !== undefined) job.record('XML is not used by Extract and was ignored');
    const result = await this.run({ operation: 'Extract', pdf }, job);
    return { ...result, fileName: headerSafeFileName(result.fileName) };
  }

  /** Runs the job in a worker thread; its steps join the job's, a refusal becomes the 400 body. */
  private async run(task: ZugferdTask, job: ZugferdJob): Promise<EInvoiceDocument> {
    const started = performance.now();
    let outcome;
    try {
      outcome = await this.pool.run(task);
    } catch (error) {
      if (!(error instanceof ZugferdJobStopped)) throw error;
      throw this.stopped(error, job, performance.now() - started);
    }
    for (const step of outcome.steps) job.record(step);
    if (!outcome.ok) throw job.failure(outcome.reason.endsWith('.') ? outcome.reason : `${outcome.reason}.`);
    return {
      content: Buffer.from(outcome.content.buffer, outcome.content.byteOffset, outcome.content.length),
      contentType: outcome.contentType,
      fileName: outcome.fileName,
    };
  }

  private stopped(error: ZugferdJobStopped, job: ZugferdJob, elapsedMs: number): ApiError {
    if (error.why === 'busy') {
      job.record('failed: every e-invoice worker is busy and the queue is full');
      return new ApiError(
        503,
        'endpoint',
        'Too many e-invoice jobs are waiting; try again shortly.',
        { filename: job.filename, subprocess_output: [...job.steps] },
        { 'Retry-After': '5' },
      );
    }
    if (error.why === 'memory') {
      job.record(`failed: the job needed more than ${this.config.zugferdWorkerMemoryMb} MB and was stopped`);
      return job.failure('The PDF needs more memory to process than allowed; it was refused.');
    }
    const seconds = this.config.zugferdTimeoutMs / 1000;
    job.record(
      `failed: stopped after ${Math.round(elapsedMs)} ms (limit ${this.config.zugferdTimeoutMs} ms)`,
    );
    return job.failure(`The e-invoice processing took longer than ${seconds} s and was stopped.`);
  }
}
