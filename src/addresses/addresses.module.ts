import { Module } from '@nestjs/common';
import { AddressCheckModule } from './address-check.module';

@Module({
  imports: [AddressCheckModule],
  exports: [AddressCheckModule],
})
export class AddressesModule {}
