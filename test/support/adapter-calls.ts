import { DataSource } from 'typeorm';
import { AddressEntity, DbType } from '@app/erp-db';
import { BulkReader } from '../../src/database/bulk-reader';
import { batchWriterFor } from '../../src/database/batch-writer.module';
import {
  atMost,
  DRAWN_NUMBER,
  GeneratedKey,
  lessThan,
  notNull,
  oneOf,
  WriteBatch,
} from '../../src/database/batch-writer';
import { TypeOrmAddressesRepository } from '../../src/addresses/adapters/typeorm/typeorm-addresses.repository';
import { SqlArticleCatalogue } from '../../src/articles/adapters/typeorm/sql-article-catalogue';
import { ArticleFilter } from '../../src/articles/ports/article-catalogue';
import { TypeOrmApiTokensRepository } from '../../src/auth/adapters/typeorm/typeorm-api-tokens.repository';
import { TypeOrmApiUsersRepository } from '../../src/auth/adapters/typeorm/typeorm-api-users.repository';
import { loadAppConfig } from '../../src/common/config/app-config';
import { TypeOrmCustomersRepository } from '../../src/customers/adapters/typeorm/typeorm-customers.repository';
import { TypeOrmOutbox } from '../../src/events/adapters/typeorm/typeorm-outbox';
import { TypeOrmWebhookSubscriptionStore } from '../../src/events/adapters/typeorm/typeorm-webhook-subscription-store';
import { TypeOrmEventSwitch } from '../../src/events/adapters/typeorm/typeorm-event-switch';
import { TypeOrmIdempotencyStore } from '../../src/idempotency/adapters/typeorm/typeorm-idempotency-store';
import { TypeOrmArticleMediaStore } from '../../src/media/adapters/typeorm/typeorm-article-media-store';
import { TypeOrmOrderReferenceData } from '../../src/orders/adapters/typeorm/typeorm-order-reference-data';
import { TypeOrmOrdersRepository } from '../../src/orders/adapters/typeorm/typeorm-orders.repository';
import { TypeOrmPostalDirectory } from '../../src/postal-codes/adapters/typeorm/typeorm-postal-directory';
import { SqlPriceSources } from '../../src/pricing/adapters/typeorm/sql-price-sources';
import { TypeOrmCustomerScopeStore } from '../../src/scope/adapters/typeorm/typeorm-customer-scope.store';

const AT = new Date('2026-03-01T10:00:00Z');

/** A batch of every kind of step: numbered, with a generated key, conditions and its outbox row. */
export function everyKindOfStep(): WriteBatch {
  const address = { AdrName: 'A', AdrAnrede: 0, OrtLand: 'CH', ErfasstAm: AT, GeaendertAm: AT };
  return {
    numberRange: 'DEBITOR',
    steps: [
      { kind: 'insert', target: AddressEntity, rows: [address], name: 'a' },
      {
        kind: 'update',
        target: AddressEntity,
        set: { AdrName: DRAWN_NUMBER, AdrFirma: undefined },
        where: {
          AdrNr: oneOf([1, 2]),
          AdrFirma: null,
          ErfasstAm: lessThan(AT),
          GeaendertAm: atMost(AT),
        },
        expectRows: 1,
      },
      {
        kind: 'delete',
        target: AddressEntity,
        where: { AdrNr: new GeneratedKey('a'), AdrName: notNull },
      },
    ],
    event: {
      pending: { event: 'REST_Kunde', action: 'created', user: 'u', occurredAt: AT },
      key: DRAWN_NUMBER,
    },
  };
}

/** A call of an adapter: the file (feature) its statements go to, what it is, and the call. */
export type Call = [feature: string, name: string, work: () => Promise<unknown>];

export function callsOn(type: DbType, dataSource: DataSource, reader: BulkReader): Call[] {
  const config = loadAppConfig(
    type === 'sqlite'
      ? { DB_TYPE: 'sqlite' }
      : { DB_TYPE: type, DATABASE_URL: `${type === 'mssql' ? 'mssql' : 'postgres'}://u:x@localhost/erp` },
  );
  const writes = batchWriterFor(dataSource);
  const articles = new SqlArticleCatalogue(dataSource, reader, config);
  const prices = new SqlPriceSources(dataSource, reader);
  const references = new TypeOrmOrderReferenceData(dataSource, config);
  const orders = new TypeOrmOrdersRepository(dataSource, writes, config);
  const addresses = new TypeOrmAddressesRepository(dataSource, config, writes);
  const customers = new TypeOrmCustomersRepository(dataSource, writes, config);
  const outbox = new TypeOrmOutbox(dataSource, writes);
  const subscriptions = new TypeOrmWebhookSubscriptionStore(dataSource, writes);
  const eventSwitch = new TypeOrmEventSwitch(dataSource, config);
  const idempotency = new TypeOrmIdempotencyStore(dataSource, writes);
  const media = new TypeOrmArticleMediaStore(dataSource, config);
  const postalCodes = new TypeOrmPostalDirectory(dataSource);
  const scope = new TypeOrmCustomerScopeStore(dataSource, config);
  const tokens = new TypeOrmApiTokensRepository(dataSource, writes);
  const users = new TypeOrmApiUsersRepository(dataSource, writes);

  const filter: ArticleFilter = { language: 'ger', webshop: 'SHOP', activeOnly: true, modifiedSince: AT };
  const wholeList: ArticleFilter = { language: 'eng', webshop: null, activeOnly: false, modifiedSince: null };
  const needs = { attributes: true, stock: true, packaging: true };
  return [
    [
      'batch-writer',
      'write (a batch of every kind of step, numbered, with its outbox row)',
      () => writes.write(everyKindOfStep()),
    ],
    ['articles', 'referenceData', () => articles.referenceData('EUR', '10001')],
    ['articles', 'referenceData (no currency, no customer)', () => articles.referenceData(null, null)],
    ['articles', 'textLanguages', () => articles.textLanguages()],
    ['articles', 'usersWebshops', () => articles.usersWebshops()],
    ['articles', 'changedArticles', () => articles.changedArticles(AT)],
    [
      'articles',
      'orderedNumbers (web shop, active, changed since, by description desc)',
      () => articles.orderedNumbers(filter, [{ column: 'ArtBez', descending: true }]),
    ],
    ['articles', 'orderedNumbers (every article, by number)', () => articles.orderedNumbers(wholeList, [])],
    [
      'articles',
      'orderedNumbers (another language, by description)',
      () => articles.orderedNumbers(wholeList, [{ column: 'ArtBez', descending: false }]),
    ],
    ['articles', 'rowsByNumbers (web shop, changed since)', () => articles.rowsByNumbers(['1000'], filter)],
    [
      'articles',
      'articles (by numbers, with every detail)',
      () => articles.articles({ filter, sorts: [], numbers: ['1000', '1001'] }, 0, 2, needs),
    ],
    [
      'articles',
      'articles (a run by description)',
      () =>
        articles.articles(
          {
            filter: { ...filter, modifiedSince: null },
            sorts: [{ column: 'ArtBez', descending: false }],
            numbers: ['1000', '1001'],
          },
          0,
          2,
          needs,
        ),
    ],
    [
      'articles',
      'articles (one article, no details)',
      () =>
        articles.articles({ filter: { ...wholeList, artNr: '1000' }, sorts: [], numbers: ['1000'] }, 0, 1, {
          attributes: false,
          stock: false,
          packaging: false,
        }),
    ],
    ['pricing', 'candidateLists', () => prices.candidateLists('10001', 'EUR')],
    ['pricing', 'candidateLists (no customer)', () => prices.candidateLists(null, 'EUR')],
    ['pricing', 'prices', () => prices.prices([1, 2], ['1000', '1001'])],
    [
      'orders',
      'company (the reference data, read once for company, cashRounding, storeExists and taxCodes)',
      () => references.company(),
    ],
    ['orders', 'customer', () => references.customer('10001', null)],
    ['orders', 'customer (in a web shop)', () => references.customer('10001', 'SHOP')],
    ...([null, 'SHOP'] as const).flatMap((articleShop) =>
      ([null, 'SHOP'] as const).map((customerShop): Call => [
        'orders',
        `lookUp (articles ${articleShop ? 'of a web shop' : 'all'}, customers ${customerShop ? 'of a web shop' : 'all'})`,
        () =>
          references.lookUp('10001', 'SHOP-1', ['1000'], { articles: articleShop, customers: customerShop }),
      ]),
    ),
    ['orders', 'find', () => orders.find('100001', null)],
    ['orders', 'find (in a web shop)', () => orders.find('100001', 'SHOP')],
    ['orders', 'inWebshop', () => orders.inWebshop('100001', 'SHOP')],
    ['orders', 'findByCustomerOrderNumber', () => orders.findByCustomerOrderNumber('10001', 'B-1')],
    ['addresses', 'findByNr', () => addresses.findByNr(1)],
    ['addresses', 'customerAddresses', () => addresses.customerAddresses('10001', null)],
    ['addresses', 'customerAddresses (in a web shop)', () => addresses.customerAddresses('10001', 'SHOP')],
    ['addresses', 'update', () => addresses.update(1, { AdrName: 'B', OrtPLZ: '8000' })],
    ['addresses', 'searchCustomer', () => addresses.searchCustomer({ AdrName: 'B', OrtPLZ: '8000' }, null)],
    ['addresses', 'searchCustomer (in a web shop)', () => addresses.searchCustomer({ AdrName: 'B' }, 'SHOP')],
    ['customers', 'find', () => customers.find('10001', null)],
    ['customers', 'find (in a web shop)', () => customers.find('10001', 'SHOP')],
    ['customers', 'latestOrders', () => customers.latestOrders('10001', 5, ['O', 'A'])],
    ['customers', 'currencyExists', () => customers.currencyExists('EUR')],
    ['events', 'backlog', () => outbox.backlog(AT)],
    ['events', 'fanOut', () => outbox.fanOut(100, [{ listener: 'webhook', target: '1' }])],
    ['events', 'claimDue', () => outbox.claimDue(100, ['log', 'webhook'], 'instance-1', AT, AT)],
    [
      'events',
      'claimDue (skipping targets)',
      () => outbox.claimDue(100, ['webhook'], 'instance-1', AT, AT, [{ listener: 'webhook', target: '1' }]),
    ],
    ['events', 'renewLeases', () => outbox.renewLeases([1, 2], 'instance-1', AT)],
    ['events', 'markDelivered', () => outbox.markDelivered([1, 2], 'instance-1', AT)],
    [
      'events',
      'markFailed',
      () =>
        outbox.markFailed([{ id: 1, attempts: 2, dead: false, nextAttemptAt: AT, error: 'e' }], 'instance-1'),
    ],
    ['events', 'events', () => outbox.events(0, 100)],
    ['events', 'problemEvents (failed)', () => outbox.problemEvents('failed', 0, 100)],
    ['events', 'problemEvents (dead)', () => outbox.problemEvents('dead', 0, 100)],
    ['events', 'event', () => outbox.event(1)],
    ['events', 'redeliver', () => outbox.redeliver(1, AT)],
    ['events', 'subscriptions', () => subscriptions.subscriptions(1)],
    ['events', 'allSubscriptions', () => subscriptions.allSubscriptions()],
    ['events', 'subscription', () => subscriptions.subscription(1)],
    ['events', 'deleteSubscription', () => subscriptions.deleteSubscription(1, 1)],
    ['events', 'deleteSubscription (any user)', () => subscriptions.deleteSubscription(1, null)],
    ['events', 'subscriptionOutcome', () => subscriptions.subscriptionOutcome(1, false, AT, AT, 'e')],
    ['events', 'eventsEnabled', () => eventSwitch.eventsEnabled()],
    [
      'idempotency',
      'claim',
      () =>
        idempotency.claim({
          userName: 'u',
          key: 'k',
          method: 'POST',
          path: '/p',
          requestHash: 'h',
          statusCode: null,
          responseBody: null,
          responseHeaders: null,
          createdAt: AT,
        }),
    ],
    ['idempotency', 'find', () => idempotency.find('u', 'k')],
    ['idempotency', 'release', () => idempotency.release('u', 'k')],
    ['idempotency', 'deleteExpired', () => idempotency.deleteExpired('u', 'k', AT)],
    ['idempotency', 'purge', () => idempotency.purge(AT)],
    ['media', 'listByArticle', () => media.listByArticle('1000')],
    ['media', 'findContent', () => media.findContent(1)],
    ['media', 'articleUsages', () => media.articleUsages('1000')],
    ['postal-codes', 'townsFor', () => postalCodes.townsFor('CH', '8000')],
    ['scope', 'customersOf', () => scope.customersOf('SHOP', ['10001', '10002'])],
    ['scope', 'addressOf', () => scope.addressOf('SHOP', 1)],
    ['auth', 'tokens.save', () => tokens.save('hash', 1, AT, AT)],
    [
      'auth',
      'users.create',
      () => users.create({ name: 'u', passwordHash: 'h', role: 'admin', webshop: null, usage: null }),
    ],
    [
      'auth',
      'users.setDisabled',
      () => users.setDisabled('u', true, { userId: 1, at: AT, webhookReason: 'r' }),
    ],
    [
      'auth',
      'users.setPasswordHash',
      () => users.setPasswordHash('u', 'h', { userId: 1, at: AT, webhookReason: 'r' }),
    ],
    ['auth', 'users.endAccess', () => users.endAccess({ userId: 1, at: AT, webhookReason: 'r' })],
    ['auth', 'tokens.findValid', () => tokens.findValid('hash', AT)],
    ['auth', 'tokens.revokeAllOf', () => tokens.revokeAllOf(1, AT)],
    ['auth', 'tokens.deleteExpiredBefore', () => tokens.deleteExpiredBefore(AT)],
    ['auth', 'users.findByName', () => users.findByName('u')],
    ['auth', 'users.findById', () => users.findById(1)],
    ['auth', 'users.list', () => users.list()],
  ];
}
