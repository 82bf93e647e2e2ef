import { Module } from '@nestjs/common';
import { NumberRangeService } from './number-range.service';

/** Import where numbers are handed out (customers, orders). */
@Module({ providers: [NumberRangeService], exports: [NumberRangeService] })
export class NumberRangeModule {}
