import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimal, text, primary } from '../dialect';

/** A VAT code with its rate, designation and the figures of the tax form. */
@Entity({ name: 'MWSTCode' })
export class TaxCodeEntity {
  @PrimaryColumn(primary(text(8, { name: 'WUSTCode' })))
  WUSTCode!: string;

  @Column(decimal(7, 3, { name: 'WUSTSatz' }))
  WUSTSatz!: string;

  @Column(text(40, { name: 'WUSTBez' }))
  WUSTBez!: string;

  /** Layout class of the tax return: D German, C Swiss, X other. */
  @Column(text(1, { name: 'WUSTKlasse' }))
  WUSTKlasse!: string;

  @Column(text(12, { name: 'VSTSZiffer', nullable: true }))
  VSTSZiffer!: string | null;

  @Column(text(12, { name: 'USTSZiffer', nullable: true }))
  USTSZiffer!: string | null;

  @Column(text(12, { name: 'USTUZiffer', nullable: true }))
  USTUZiffer!: string | null;

  @Column(text(4, { name: 'OrtLand', nullable: true }))
  OrtLand!: string | null;
}
