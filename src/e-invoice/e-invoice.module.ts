import { Module } from '@nestjs/common';
import { EInvoiceController } from './e-invoice.controller';
import { EInvoiceService } from './e-invoice.service';
import { ZugferdPool } from './zugferd-pool';
import { ZugferdWorkFiles } from './zugferd-work-files';

@Module({
  controllers: [EInvoiceController],
  providers: [EInvoiceService, ZugferdPool, ZugferdWorkFiles],
})
export class EInvoiceModule {}
