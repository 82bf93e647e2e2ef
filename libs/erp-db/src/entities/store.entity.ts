import { Column, Entity, PrimaryColumn } from 'typeorm';
import { integer, text, primary } from '../dialect';

/** A location (Standort); only released ones show stock to the web shop. */
@Entity({ name: 'Standort' })
export class StoreEntity {
  @PrimaryColumn(primary(integer({ name: 'StaoNr' })))
  StaoNr!: number;

  @Column(text(60, { name: 'StaoBez', nullable: true }))
  StaoBez!: string | null;

  /** J = released for the REST service, N = not. */
  @Column(text(1, { name: 'Freigegeben', default: 'J' }))
  Freigegeben!: string;
}
