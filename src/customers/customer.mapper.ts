import { isoUtc, legacyListDate } from '../common/http/dates';
import { link } from '../common/http/public-url';
import { CustomerDto, CustomerOrderDto } from './dto/customer-response.dto';
import { CustomerView } from './customers.service';
import { CustomerOrder } from './ports/customers.repository';

export const customerPath = (debiNr: string): string => `/www/kunden/${encodeURIComponent(debiNr)}`;

interface CustomerMapping {
  base: string;
  legacyListDates: boolean;
}

function toOrderDto(o: CustomerOrder, m: CustomerMapping): CustomerOrderDto {
  return {
    PlanStatus: o.AuftStatus,
    AuftErf: m.legacyListDates ? legacyListDate(o.AuftErf) : isoUtc(o.AuftErf),
    AuftNr: o.AuftNr,
    links: [link(m.base, `/www/auftrag/${encodeURIComponent(o.AuftNr)}`, 'auftrag')],
  };
}

/** The spec's customer table, whitelisted from the record. */
export function toCustomerDto(v: CustomerView, m: CustomerMapping): CustomerDto {
  const c = v.customer;
  return {
    status: c.KreditLimit > 0 ? 1 : 0,
    WaehrAbk: c.WaehrAbk,
    BrancheID: c.BrancheID,
    AdrSprache: c.AdrSprache,
    KundLief: c.KundLief,
    KundRech: c.KundRech,
    KundKontakt: c.KundKontakt,
    KundBez: c.KundBez,
    Kommentar: c.Kommentar,
    VBTyp: c.VBTyp,
    ZahlungsMethode: c.ZahlungsMethode,
    attributes: v.attributes.map((a) => ({ Contents: a.Contents, PHKey: a.PHKey })),
    links: [link(m.base, `/www/adressen?debinr=${encodeURIComponent(c.DebiNr)}`, 'adressen')],
    Auftrag: v.orders.map((o) => toOrderDto(o, m)),
  };
}
