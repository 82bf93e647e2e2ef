import { Module } from '@nestjs/common';
import { NumberRangeModule } from '../common/number-range/number-range.module';
import { AtomicWrites } from './atomic-writes';

/** Import where a feature writes several rows that must commit together (orders, idempotency keys). */
@Module({ imports: [NumberRangeModule], providers: [AtomicWrites], exports: [AtomicWrites] })
export class AtomicWritesModule {}
