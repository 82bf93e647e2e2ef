import { Module } from '@nestjs/common';
import { EInvoiceController } from './e-invoice.controller';
import { EInvoiceService } from './e-invoice.service';
import { ZugferdWorkFiles } from './zugferd-work-files';

@Module({
  controllers: [EInvoiceController],
  providers: [EInvoiceService, ZugferdWorkFiles],
})
export class EInvoiceModule {}
