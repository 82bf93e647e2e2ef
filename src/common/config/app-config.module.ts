import { Global, Module } from '@nestjs/common';
import { AppConfig, loadAppConfig } from './app-config';

/** Provides the validated AppConfig everywhere; tests override the provider. */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: () => loadAppConfig() }],
  exports: [AppConfig],
})
export class AppConfigModule {}
