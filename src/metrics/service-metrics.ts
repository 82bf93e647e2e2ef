import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { LoginThrottleReason } from '../auth/login-throttle';
import { DeliveryFailed, OnInProcessEvent } from '../events/in-process-events';
import { sentStatements } from '../database/sql-gateway';
import { Outbox } from '../events/ports/outbox';

/** The pool counters the PostgreSQL (pg) and SQL Server (mssql/tarn) drivers keep. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
interface MssqlPool {
  size: number;
  available: number;
  pending: number;
}

/**
 * The service's Prometheus metrics (GET /metrics), in a registry of its own: request durations by
 * route pattern and status, the SQL statements sent, the database pool, the event backlog and failed deliveries, e-invoice
 * jobs, and prom-client's process metrics.
 */
@Injectable()
export class ServiceMetrics implements OnModuleDestroy {
  readonly registry = new Registry();

  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly deliveryFailures = new Counter({
    name: 'erp_event_delivery_failures_total',
    help: 'Failed event delivery attempts by listener (dead="true": the last attempt)',
    labelNames: ['listener', 'dead'] as const,
    registers: [this.registry],
  });

  private readonly zugferdJobs = new Histogram({
    name: 'erp_zugferd_job_duration_seconds',
    help: 'POST /www/zugferd jobs by operation and outcome (ok, failed)',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60],
    registers: [this.registry],
  });

  private readonly loginsThrottled = new Counter({
    name: 'erp_login_throttled_total',
    help: 'Logins refused with 429 by reason (account_address, account, address, logins_per_minute)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly statements = new Counter({
    name: 'erp_db_statements_total',
    help: 'SQL statements sent to the database (reads, writes and each statement of a write batch)',
    registers: [this.registry],
  });

  private readonly countStatement = (): void => this.statements.inc();

  constructor(dataSource: DataSource, events: Outbox) {
    subscribe(sentStatements.name, this.countStatement);
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'erp_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle) and requests waiting for one (waiting); PostgreSQL and SQL Server',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = (dataSource.driver as unknown as { master?: unknown }).master;
        if (pool && typeof (pool as PgPool).totalCount === 'number') {
          const p = pool as PgPool;
          this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
          this.set({ state: 'idle' }, p.idleCount);
          this.set({ state: 'waiting' }, p.waitingCount);
        } else if (pool && typeof (pool as MssqlPool).size === 'number') {
          const p = pool as MssqlPool;
          this.set({ state: 'in_use' }, p.size - p.available);
          this.set({ state: 'idle' }, p.available);
          this.set({ state: 'waiting' }, p.pending);
        }
      },
    });
    new Gauge({
      name: 'erp_event_backlog',
      help: "Event deliveries by state: waiting (for the relay's first attempt), retrying, dead",
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        // While the database is away the other metrics still answer; the backlog keeps its last values.
        const b = await events.backlog(new Date()).catch(() => null);
        if (b === null) return;
        this.set({ state: 'waiting' }, b.waiting);
        this.set({ state: 'retrying' }, b.retrying);
        this.set({ state: 'dead' }, b.dead);
      },
    });
  }

  onModuleDestroy(): void {
    unsubscribe(sentStatements.name, this.countStatement);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  zugferdJob(operation: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.zugferdJobs.observe({ operation, outcome }, seconds);
  }

  @OnInProcessEvent('erp.login.throttled')
  loginThrottled(reason: LoginThrottleReason): void {
    this.loginsThrottled.inc({ reason });
  }

  @OnInProcessEvent('erp.delivery.failed')
  deliveryFailed(e: DeliveryFailed): void {
    this.deliveryFailures.inc({ listener: e.listener, dead: String(e.dead) });
  }
}
