import { Injectable } from '@nestjs/common';
import { CUSTOMER_FIELD_LENGTHS } from '@app/erp-db';
import { AddressCheckService, AddressToCheck } from '../addresses/address-check.service';
import { toNewAddress } from '../addresses/address.mapper';
import { AddressInputDto } from '../addresses/dto/address-input.dto';
import { hasText } from '../addresses/validation/address-validators';
import { AuthUser, userWebshop } from '../auth/auth-user';
import { ApiError, FieldProblem } from '../common/errors/api-error';
import { preconditionFailed } from '../common/http/conditional-requests';
import { EventRecorder } from '../events/event-recorder';
import { BACK_OFFICE_FIELDS, CustomerScope, webshopScope } from '../scope/customer-scope';
import { CreateCustomerDto, CreateCustomerGrundDatenDto } from './dto/create-customer.dto';
import { CustomerQuery, PLAN_STATUS_FILTERS } from './dto/customer.query';
import { UpdateCustomerDto, UpdateCustomerFieldsDto } from './dto/update-customer.dto';
import {
  CUSTOMER_FIELDS,
  CustomerAttribute,
  CustomerChanged,
  CustomerFields,
  CustomerOrder,
  CustomerRecord,
  CustomersRepository,
  CustomerWithAttributes,
} from './ports/customers.repository';

export interface CustomerView {
  customer: CustomerRecord;
  attributes: CustomerAttribute[];
  orders: CustomerOrder[];
  /** The customer row's change stamp: the version of its representation. */
  changedAt: Date;
}

/**
 * The check of a conditional write (If-Match) against the customer as it is now, as its GET
 * without parameters would show it; throws (412) when it fails.
 */
type CustomerPrecondition = (current: CustomerView) => void;

/** DebiNr is char(8), counted in characters. */
const CUSTOMER_NUMBER_LENGTH = 8;

export const customerNotFound = (debiNr: string): ApiError =>
  ApiError.notFound(`Customer ${debiNr} does not exist.`, { DebiNr: debiNr });

@Injectable()
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly addressCheck: AddressCheckService,
    private readonly events: EventRecorder,
    private readonly scope: CustomerScope,
  ) {}

  /** Creates customer and addresses in one transaction; its REST_Kunde event commits with it. */
  async create(body: CreateCustomerDto, user: AuthUser): Promise<string> {
    const { GrundDaten: g, Adressen: a } = body;
    assertBackOfficeFields(user, g, 'GrundDaten.');
    const toCheck: AddressToCheck<AddressInputDto>[] = [
      { address: a.KontaktAdr, path: 'Adressen.KontaktAdr' },
    ];
    if (a.LiefAdr) toCheck.push({ address: a.LiefAdr, path: 'Adressen.LiefAdr' });
    if (a.RechAdr) toCheck.push({ address: a.RechAdr, path: 'Adressen.RechAdr' });
    // The currency and the addresses are checked at once; the problems keep that order.
    const problems: FieldProblem[] = [];
    const addressProblems: FieldProblem[] = [];
    const [currencyKnown, checked] = await Promise.all([
      this.customers.currencyExists(g.WaehrAbk),
      this.addressCheck.checkAll(toCheck).catch((e: unknown) => {
        if (!(e instanceof ApiError) || e.status !== 422) throw e;
        addressProblems.push(...((e.info?.fields as FieldProblem[] | undefined) ?? []));
        return null;
      }),
    ]);
    if (!currencyKnown) {
      problems.push({
        field: 'GrundDaten.WaehrAbk',
        message: `currency ${g.WaehrAbk} is not known to the ERP`,
      });
    }
    problems.push(...addressProblems);
    if (problems.length > 0 || !checked) {
      throw ApiError.unprocessable('The customer cannot be created; see info.fields.', problems);
    }
    const byPath = new Map(toCheck.map((t, i) => [t.path, toNewAddress(checked[i])]));
    return this.events.record({ event: 'REST_Kunde', action: 'created', user: user.name }, (event) =>
      this.customers.create(
        newCustomerFields(g, checked[0]),
        {
          kontakt: toNewAddress(checked[0]),
          lief: byPath.get('Adressen.LiefAdr') ?? null,
          rech: byPath.get('Adressen.RechAdr') ?? null,
        },
        user.name,
        userWebshop(user.webshop),
        event,
      ),
    );
  }

  async get(debiNr: string, query: CustomerQuery, user: AuthUser): Promise<CustomerView> {
    // The scope test (D12) runs in the customer's read: out of scope reads as unknown.
    const found = await this.customers.find(debiNr, webshopScope(user));
    if (!found) throw customerNotFound(debiNr);
    const statuses = query.status ? [query.status] : [...PLAN_STATUS_FILTERS];
    const orders = await this.customers.latestOrders(debiNr, query.order ?? 0, statuses);
    return { ...found, orders };
  }

  /**
   * PUT (D6): the given GrundDaten fields; its REST_Kunde event commits with them. With a
   * precondition the customer is read (in scope) and checked, and the write is conditional on the
   * row being as read: a change in between fails it with 412 and nothing is written.
   */
  async update(
    debiNr: string,
    body: UpdateCustomerDto,
    user: AuthUser,
    precondition?: CustomerPrecondition,
  ): Promise<void> {
    // No customer has a longer number (DebiNr is char(8)); nothing of such a key reaches a write.
    if ([...debiNr].length > CUSTOMER_NUMBER_LENGTH) throw customerNotFound(debiNr);
    let expected: CustomerWithAttributes | undefined;
    if (precondition) {
      // The scope test (D12) runs in the customer's read, as for GET.
      expected = (await this.customers.find(debiNr, webshopScope(user))) ?? undefined;
      if (!expected) throw customerNotFound(debiNr);
      precondition({ ...expected, orders: [] });
    } else if (!(await this.scope.customer(user, debiNr))) throw customerNotFound(debiNr);
    const flat = CUSTOMER_FIELDS.some((f) => body[f] !== undefined);
    if (body.GrundDaten && flat) {
      throw ApiError.badRequest('Send the fields either inside GrundDaten or at the top level, not both.', [
        { field: 'GrundDaten', message: 'must not be combined with top-level fields' },
      ]);
    }
    const fields: UpdateCustomerFieldsDto = body.GrundDaten ?? body;
    assertBackOfficeFields(user, fields, body.GrundDaten ? 'GrundDaten.' : '');
    const changes: Partial<CustomerFields> = {};
    for (const f of CUSTOMER_FIELDS) {
      const value = fields[f];
      if (value !== undefined) (changes as Record<string, unknown>)[f] = value;
    }
    if (changes.ZahlungsMethode === '') changes.ZahlungsMethode = null;
    if (changes.WaehrAbk !== undefined && !(await this.customers.currencyExists(changes.WaehrAbk))) {
      const field = body.GrundDaten ? 'GrundDaten.WaehrAbk' : 'WaehrAbk';
      throw ApiError.unprocessable('Unknown currency.', [
        { field, message: `currency ${changes.WaehrAbk} is not known to the ERP` },
      ]);
    }
    const updated = await this.events.record(
      { event: 'REST_Kunde', action: 'updated', user: user.name },
      (event) =>
        this.customers.update(debiNr, changes, event, expected).catch((e: unknown) => {
          throw e instanceof CustomerChanged ? preconditionFailed() : e;
        }),
      (found) => found,
    );
    if (!updated) throw customerNotFound(debiNr);
  }
}

/** D12: only role admin writes the back-office fields; anyone else sending them gets 403 naming them. */
function assertBackOfficeFields(user: AuthUser, fields: object, path: string): void {
  if (user.role === 'admin') return;
  const sent = BACK_OFFICE_FIELDS.filter(
    // null is "not given" (POST: the default; PUT refuses null for them before this).
    (f) => Object.hasOwn(fields, f) && (fields as Record<string, unknown>)[f] != null,
  );
  if (sent.length === 0) return;
  throw new ApiError(403, 'forbidden', `Only role admin may set ${sent.join(', ')}.`, {
    fields: sent.map((f) => ({ field: `${path}${f}`, message: 'reserved to role admin' })),
  });
}

function newCustomerFields(g: CreateCustomerGrundDatenDto, kontakt: AddressInputDto): CustomerFields {
  return {
    KundBez: g.KundBez ?? designationOf(kontakt),
    WaehrAbk: g.WaehrAbk,
    BrancheID: g.BrancheID ?? null,
    Kommentar: g.Kommentar ?? null,
    VBTyp: g.VBTyp ?? null,
    TVTyp: g.TVTyp ?? null,
    FAKTZahlArt: g.FAKTZahlArt,
    AUFT_SPESEN: g.AUFT_SPESEN ?? null,
    SteuerNummer: g.SteuerNummer ?? null,
    FirmenURL: g.FirmenURL ?? null,
    KreditLimit: g.KreditLimit ?? 0,
    ZahlungsMethode: g.ZahlungsMethode || null,
  };
}

/** KundBez when none is given: the company, else first and last name, cut to the column. */
function designationOf(a: AddressInputDto): string {
  const name = hasText(a.AdrFirma)
    ? (a.AdrFirma as string)
    : [a.AdrVorname, a.AdrName].filter(hasText).join(' ');
  return name.trim().slice(0, CUSTOMER_FIELD_LENGTHS.KundBez);
}
