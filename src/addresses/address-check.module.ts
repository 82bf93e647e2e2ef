import { Module } from '@nestjs/common';
import { PostalCodesModule } from '../postal-codes/postal-codes.module';
import { AddressCheckService } from './address-check.service';

/** AdrCheck for every feature that takes addresses (customers, orders). */
@Module({
  imports: [PostalCodesModule],
  providers: [AddressCheckService],
  exports: [AddressCheckService],
})
export class AddressCheckModule {}
