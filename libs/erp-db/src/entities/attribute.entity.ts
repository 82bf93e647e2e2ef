import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { text } from '../dialect';

/** Owner kinds of attributes: article, customer, company. */
type AttributeOwner = 'ART' | 'DEBI' | 'FIRM';

/** Free key/value attribute (PHKey/Contents) of an article, a customer or the company. */
@Entity({ name: 'Attribut' })
@Index('IX_Attribut_Owner', ['ObjTyp', 'ObjKey', 'PHKey'])
@Index('IX_Attribut_Key', ['ObjTyp', 'PHKey', 'Contents'])
export class AttributeEntity {
  @PrimaryGeneratedColumn({ name: 'AttrID', type: 'integer' })
  AttrID!: number;

  @Column(text(4, { name: 'ObjTyp' }))
  ObjTyp!: AttributeOwner;

  @Column(text(15, { name: 'ObjKey' }))
  ObjKey!: string;

  @Column(text(12, { name: 'PHKey' }))
  PHKey!: string;

  @Column(text(200, { name: 'Contents', nullable: true }))
  Contents!: string | null;
}
