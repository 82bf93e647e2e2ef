import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { text } from '../dialect';

/** Postal-code directory used by AdrCheck. A code can belong to several towns. */
@Entity({ name: 'PLZVerzeichnis' })
@Index('UQ_PLZ_Land_PLZ_Ort', ['OrtLand', 'OrtPLZ', 'OrtName'], { unique: true })
export class PostalCodeEntity {
  @PrimaryGeneratedColumn({ name: 'PLZID', type: 'integer' })
  PLZID!: number;

  @Column(text(4, { name: 'OrtLand' }))
  OrtLand!: string;

  @Column(text(10, { name: 'OrtPLZ' }))
  OrtPLZ!: string;

  @Column(text(48, { name: 'OrtName' }))
  OrtName!: string;
}
