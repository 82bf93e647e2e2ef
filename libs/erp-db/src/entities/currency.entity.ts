import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimal, text, primary } from '../dialect';

@Entity({ name: 'Waehrung' })
export class CurrencyEntity {
  @PrimaryColumn(primary(text(4, { name: 'WaehrAbk' })))
  WaehrAbk!: string;

  @Column(text(40, { name: 'WaehrBez', nullable: true }))
  WaehrBez!: string | null;

  /** Cash rounding of totals (CHF 0.05); 0.01 = none beyond cents. */
  @Column(decimal(9, 4, { name: 'Rundung', default: 0.01 }))
  Rundung!: string;
}
