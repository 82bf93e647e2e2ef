import './common/config/env-file';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { existsSync } from 'node:fs';
import { AppConfig, loadAppConfigOrExit, startsDemo } from './common/config/app-config';
import { ServiceLifecycle } from './health/service-lifecycle';
import { configureApp, fastifyOptions } from './http-setup';
import { ensureSqliteFolder, sqliteFileOpenToOthers } from './database/erp-db-settings';

async function bootstrap(): Promise<void> {
  // The app module reads the settings from the environment too: the demo default goes there.
  const argv = process.argv.slice(2);
  const demo = startsDemo(process.env, argv, existsSync);
  if (demo) process.env.SEED_DEMO = 'true';
  // npm start (--demo): the demo users admin/admin and demo/demo stay in the file, so this machine only.
  const loopbackByDefault = argv.includes('--demo') && !process.env.HOST;
  if (loopbackByDefault) process.env.HOST = '127.0.0.1';
  // Only the demo database created by this very start may send webhooks to this machine's network.
  if (demo) process.env.WEBHOOK_ALLOW_PRIVATE ??= 'true';
  const config = loadAppConfigOrExit();
  if (config.webhookAllowPrivate)
    process.stdout.write(
      'WARNING: WEBHOOK_ALLOW_PRIVATE is on: webhooks may be registered for loopback, link-local and ' +
        'private addresses, so API users can make this service send requests into its own network.\n',
    );
  if (demo)
    process.stdout.write(
      `New embedded database ${config.dbPath}: loading the demo data with the demo users ` +
        'demo/demo (shop) and admin/admin (admin). For trying the API only; a plain start ' +
        '(node dist/src/main.js) never creates users.\n',
    );
  if (config.trustProxy !== false && config.metricsToken === undefined)
    process.stdout.write(
      'GET /metrics is refused to everyone: TRUST_PROXY is set and METRICS_TOKEN is not (a proxy on ' +
        'this host would make every client look local).\n',
    );
  ensureSqliteFolder(config);
  const openFile = sqliteFileOpenToOthers(config);
  if (openFile) process.stdout.write(`${openFile}\n`);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule,
    new FastifyAdapter(fastifyOptions(config)),
    {
      bodyParser: false,
      // Start-up messages wait for configureApp to install the service's logger.
      bufferLogs: true,
    },
  );
  configureApp(app, config);
  handleShutdownSignals(app, config);
  await app.listen(config.port, config.host);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = `http://${shown}:${config.port}`;
  process.stdout.write(
    `ERP REST service listening on ${base} (database: ${config.dbType})\n` +
      (loopbackByDefault
        ? 'Reachable from this machine only: npm start listens on 127.0.0.1 unless HOST is set ' +
          '(HOST=0.0.0.0 serves every interface; give the demo users new passwords first).\n'
        : '') +
      `Swagger UI: ${base}/docs   OpenAPI: ${base}/docs-json   Health: ${base}/health\n`,
  );
}

/**
 * SIGTERM: /ready turns 503 at once, requests are still accepted for SHUTDOWN_DRAIN_MS (a balancer
 * or orchestrator stops sending meanwhile, and connections already queued are served), then the
 * listener closes, requests in flight finish, and the pools, relay and logs close (Nest's
 * shutdown hooks). SIGINT (Ctrl-C) skips the drain. Whatever still runs after
 * SHUTDOWN_TIMEOUT_MS more is cut off.
 */
function handleShutdownSignals(app: NestFastifyApplication, config: AppConfig): void {
  let closing = false;
  const shutdown = (signal: 'SIGTERM' | 'SIGINT'): void => {
    if (closing) return;
    closing = true;
    const drain = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    setTimeout(() => {
      process.stderr.write(
        `${signal}: requests still running after SHUTDOWN_TIMEOUT_MS=${config.shutdownTimeoutMs}; exiting anyway\n`,
      );
      process.exit(1);
    }, drain + config.shutdownTimeoutMs).unref();
    app.get(ServiceLifecycle).beginShutdown();
    void new Promise((resolve) => setTimeout(resolve, drain))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (e: unknown) => {
          process.stderr.write(`${signal}: shutdown failed: ${(e as Error).message}\n`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void bootstrap();
