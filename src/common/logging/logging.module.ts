import { Global, Module } from '@nestjs/common';
import { ErpLogger } from './erp-logger';

/** The one logger of the app, available everywhere (imported by LogModule). */
@Global()
@Module({ providers: [ErpLogger], exports: [ErpLogger] })
export class LoggingModule {}
