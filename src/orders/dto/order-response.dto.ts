import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';

const nullableString = { type: String, nullable: true } as const;
const nullableNumber = { type: Number, nullable: true } as const;

class OrderNumberDto {
  @ApiProperty({ maxLength: 10, example: '100003' })
  AuftNr!: string;
}

export class OrderCreatedResponseDto {
  @ApiProperty({ type: OrderNumberDto })
  data!: OrderNumberDto;
}

export class OfferConvertedResponseDto {
  @ApiProperty({ example: 1 })
  count!: number;

  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: OrderNumberDto })
  data!: OrderNumberDto;
}

class OrderHeaderDto {
  @ApiProperty() AuftNr!: string;
  @ApiProperty(nullableString) AuftBez!: string | null;
  @ApiProperty(nullableString) AuftBestellNr!: string | null;
  @ApiProperty(nullableString) AuftBestellRef!: string | null;
  @ApiProperty({ ...nullableString, example: '2026-03-01T10:15:00Z' }) AuftBestellTUTC!: string | null;
  @ApiProperty({ ...nullableString, example: '2026-03-05T00:00:00Z' }) AuftLieferTUTC!: string | null;
  @ApiProperty({ example: 'CHF' }) WaehrAbk!: string;
  @ApiProperty(nullableString) AuftKomment!: string | null;
  @ApiProperty(nullableNumber) KundBedTyp!: number | null;
  @ApiProperty(nullableNumber) AuftLiefKost!: number | null;
  @ApiProperty(nullableNumber) StaoNr!: number | null;
  @ApiProperty({ enum: ['N', 'O', 'A', 'P'] }) AuftStatus!: string;
  @ApiProperty({ ...nullableString, description: 'Null for a template offer' }) KundNr!: string | null;
  @ApiProperty(nullableString) KTNr!: string | null;
  @ApiProperty(nullableNumber) PreisListNr!: number | null;
  @ApiProperty(nullableString) PreisListTyp!: string | null;
  @ApiProperty(nullableString) WUSTCode!: string | null;
  @ApiProperty({ description: 'Sum of the line totals' }) AuftSummeNetto!: number;
  @ApiProperty({ description: 'Sum of the line taxes' }) AuftSummeWUST!: number;
  @ApiProperty({ description: "Net + tax after the currency's cash rounding" }) AuftSummeBrutto!: number;
  @ApiProperty({ ...nullableString, description: 'On an order made from an offer: the offer' })
  OffertNr!: string | null;
  @ApiProperty({ ...nullableString, description: 'On a converted offer: the order it became' })
  FolgeAuftNr!: string | null;
  @ApiProperty({ ...nullableString, description: 'The API user who entered it' }) ErfasstVon!: string | null;
  @ApiProperty({ example: '2026-03-01T10:15:02Z' }) AuftErfUTC!: string;
}

export class OrderAddressDto {
  @ApiProperty() AdrNr!: number;
  @ApiProperty(nullableString) AdrSprache!: string | null;
  @ApiProperty(nullableString) EmailAdress!: string | null;
  @ApiProperty(nullableString) AdrAdresse1!: string | null;
  @ApiProperty(nullableString) AdrAdresse2!: string | null;
  @ApiProperty() AdrAnrede!: number;
  @ApiProperty(nullableString) AdrFax!: string | null;
  @ApiProperty(nullableString) AdrFirma!: string | null;
  @ApiProperty(nullableString) AdrFirma2!: string | null;
  @ApiProperty(nullableString) AdrVorname!: string | null;
  @ApiProperty(nullableString) AdrName!: string | null;
  @ApiProperty(nullableString) AdrTelex!: string | null;
  @ApiProperty(nullableString) AdrTf1!: string | null;
  @ApiProperty(nullableString) AdrTf2!: string | null;
  @ApiProperty(nullableString) OrtLand!: string | null;
  @ApiProperty(nullableString) OrtName!: string | null;
  @ApiProperty(nullableString) OrtPLZ!: string | null;
  @ApiProperty({ ...nullableString, description: 'ISO 3166 alpha-2 country code' }) ISOLandA2!: string | null;
}

/** A role the order has no address of (template offers) is absent: the spec's roles are objects. */
export class OrderAddressesDto {
  @ApiPropertyOptional({ type: OrderAddressDto }) KontaktAdr?: OrderAddressDto;
  @ApiPropertyOptional({ type: OrderAddressDto }) LiefAdr?: OrderAddressDto;
  @ApiPropertyOptional({ type: OrderAddressDto }) RechAdr?: OrderAddressDto;
}

export class OrderLineDto {
  @ApiProperty() PosNr!: number;
  @ApiProperty(nullableNumber) VisPosNr!: number | null;
  @ApiProperty() ArtNr!: string;
  @ApiProperty(nullableString) PosBez!: string | null;
  @ApiProperty({ description: 'Quantity in the base unit' }) PosAnzBest!: number;
  @ApiProperty() PosPreisBasis!: number;
  @ApiProperty({ description: 'Unit price per base unit' }) PosPreisEinzel!: number;
  @ApiProperty({ description: 'Line total after discount, rounded to 0.01' }) PosPreisTotal!: number;
  @ApiProperty({ description: 'Tax of the line, rounded to 0.01' }) PosPreisWUSTBetrag!: number;
  @ApiProperty({ ...nullableNumber, description: 'Quantity in packaging units' }) VPEAnzBest!: number | null;
  @ApiProperty({ ...nullableNumber, description: 'Price of one packaging unit' }) VPEPreisEinzel!:
    number | null;
  @ApiProperty(nullableString) VPEinheit!: string | null;
  @ApiProperty() WUSTSatz!: number;
  @ApiProperty(nullableNumber) GRabSatz!: number | null;
  @ApiProperty(nullableNumber) GRabBez!: number | null;
}

export class TaxRecapEntryDto {
  @ApiProperty({ example: 'MWST', description: 'Fixed section marker of the tax summary' })
  Abschnitt!: string;
  @ApiProperty() WaehrAbk!: string;
  @ApiProperty({ description: 'Sum of the tax of the lines at this rate' }) PosWUST!: number;
  @ApiProperty(nullableString) PosVSTSZiffer!: string | null;
  @ApiProperty() PosWUSTSatz!: number;
  @ApiProperty(nullableString) PosWUSTBez!: string | null;
  @ApiProperty({ description: 'Sum of the net totals of the lines at this rate' }) PosBetragNetto!: number;
  @ApiProperty(nullableString) PosUSTSZiffer!: string | null;
  @ApiProperty(nullableString) PosWUSTCode!: string | null;
  @ApiProperty(nullableString) PosWUSTKlasse!: string | null;
  @ApiProperty(nullableString) PosUSTUZiffer!: string | null;
}

export class PaymentDto {
  @ApiProperty(nullableString) Bezeichnung!: string | null;
  @ApiProperty(nullableString) Wert!: string | null;
  @ApiProperty({ maxLength: 12, description: 'Unique inside the order' }) Key!: string;
}

export class OrderDetailDto {
  @ApiProperty({ type: OrderHeaderDto }) GrundDaten!: OrderHeaderDto;
  @ApiProperty({ type: OrderAddressesDto }) Adressen!: OrderAddressesDto;
  @ApiProperty({ type: [OrderLineDto] }) Positionen!: OrderLineDto[];
  @ApiProperty({ type: [TaxRecapEntryDto] }) MWSTRekapitulation!: TaxRecapEntryDto[];
  @ApiPropertyOptional({ type: [PaymentDto] }) Zahlung!: PaymentDto[];
}

export class OrderResponseDto {
  @ApiProperty({ type: OrderDetailDto })
  data!: OrderDetailDto;
}

/** GrundDaten of a quote: the order's fields but its number, which only storing the order draws. */
export class OrderQuoteHeaderDto extends OmitType(OrderHeaderDto, ['AuftNr'] as const) {}

class QuotedAddressDto extends OmitType(OrderAddressDto, ['AdrNr'] as const) {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The customer's address; null for an address of the body, numbered when the order is stored",
  })
  AdrNr!: number | null;
}

class QuotedAddressesDto {
  @ApiPropertyOptional({ type: QuotedAddressDto }) KontaktAdr?: QuotedAddressDto;
  @ApiPropertyOptional({ type: QuotedAddressDto }) LiefAdr?: QuotedAddressDto;
  @ApiPropertyOptional({ type: QuotedAddressDto }) RechAdr?: QuotedAddressDto;
}

/** The order POST would create from the same body, in the shape of GET /www/auftrag/{AuftNr}. */
export class OrderQuoteDto {
  @ApiProperty({ type: OrderQuoteHeaderDto }) GrundDaten!: OrderQuoteHeaderDto;
  @ApiProperty({ type: QuotedAddressesDto }) Adressen!: QuotedAddressesDto;
  @ApiProperty({ type: [OrderLineDto] }) Positionen!: OrderLineDto[];
  @ApiProperty({ type: [TaxRecapEntryDto] }) MWSTRekapitulation!: TaxRecapEntryDto[];
  @ApiProperty({ type: [PaymentDto] }) Zahlung!: PaymentDto[];
}

export class OrderQuoteResponseDto {
  @ApiProperty({ type: OrderQuoteDto })
  data!: OrderQuoteDto;
}
