import './common/config/env-file';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { loadAppConfigOrExit } from './common/config/app-config';
import { configureApp, fastifyOptions } from './common/http/http-setup';
import { ensureSqliteFolder } from './database/database-bootstrap';

async function bootstrap(): Promise<void> {
  const config = loadAppConfigOrExit();
  ensureSqliteFolder(config);
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
  await app.listen(config.port, config.host);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = `http://${shown}:${config.port}`;
  process.stdout.write(
    `ERP REST service listening on ${base} (database: ${config.dbType})\n` +
      `Swagger UI: ${base}/docs   OpenAPI: ${base}/docs-json   Health: ${base}/health\n`,
  );
}

void bootstrap();
