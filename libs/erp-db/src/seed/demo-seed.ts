import { DataSource, EntityManager } from 'typeorm';
import {
  ApiUserEntity,
  AttributeEntity,
  CompanyEntity,
  CurrencyEntity,
  PostalCodeEntity,
  PriceListEntity,
  StoragePlaceEntity,
  StoreEntity,
  TaxCodeEntity,
} from '../entities';
import { refreshStatistics } from '../statistics';
import { bulkInsert } from './bulk-insert';
import {
  CURRENCIES,
  DEMO_TIME,
  POSTAL_CODES,
  PRICE_LISTS,
  STORAGE_PLACES,
  STORES,
  TAX_CODES,
  DEMO_ATTRIBUTE_KEYS,
} from './demo-fixtures';
import { seedArticles } from './demo-articles';
import { seedCustomers } from './demo-customers';
import { seedOrders } from './demo-orders';

/** The demo data set; articles, customers and orders have a file each (demo-*.ts). */
export { demoPng } from './demo-articles';
export { DEMO_ATTRIBUTE_KEYS } from './demo-fixtures';
export { generatedOrderNumber } from './demo-orders';

export interface SeedSize {
  articles: number;
  customers: number;
  orders: number;
}

const DEFAULT_SEED_SIZE: SeedSize = { articles: 300, customers: 2, orders: 0 };

/**
 * The stored hashes of the demo users' published passwords (`demo`, `admin`), as data: hashing is
 * the service's job (src/auth/password-hash.ts verifies these), not the database library's.
 */
export const DEMO_PASSWORD_HASHES = {
  demo: 'scrypt$32768$8$1$ZGVtby11c2VyLXNhbHQhIQ==$VGan4MRBzNv1WN/stRHq4Ytjo+1Bh+8jt39+wvE2LcY=',
  admin: 'scrypt$32768$8$1$YWRtaW4tdXNlci1zYWx0IQ==$UaSlVCDLLpIX1vxRp4sy90zirUlIVZjRHLUIfdtgwuA=',
} as const;

/** True when the database has no company record yet, i.e. nothing has been seeded. */
export async function isDatabaseEmpty(ds: DataSource): Promise<boolean> {
  return (await ds.getRepository(CompanyEntity).count()) === 0;
}

/**
 * Builds the deterministic demo data set: the fixtures that tests and documentation rely on,
 * plus generated articles, customers and orders up to the requested size.
 */
export async function seedDemo(ds: DataSource, size: Partial<SeedSize> = {}): Promise<void> {
  const s = { ...DEFAULT_SEED_SIZE, ...size };
  s.articles = Math.max(s.articles, 300);
  s.customers = Math.max(s.customers, 2);
  await ds.transaction(async (m) => {
    await seedReferenceData(m);
    await seedArticles(m, s.articles);
    await seedCustomers(m, s.customers);
    await seedOrders(m, s.customers, s.orders);
    await bulkInsert(m, ApiUserEntity, [
      {
        name: 'demo',
        passwordHash: DEMO_PASSWORD_HASHES.demo,
        role: 'shop',
        webshop: 'SHOP',
        usage: 'WEB',
        disabled: 0,
        createdAt: DEMO_TIME,
        updatedAt: DEMO_TIME,
      } as ApiUserEntity,
      {
        name: 'admin',
        passwordHash: DEMO_PASSWORD_HASHES.admin,
        role: 'admin',
        webshop: null,
        usage: null,
        disabled: 0,
        createdAt: DEMO_TIME,
        updatedAt: DEMO_TIME,
      } as ApiUserEntity,
    ]);
  });
  await refreshStatistics(ds);
}

async function seedReferenceData(m: EntityManager): Promise<void> {
  await bulkInsert(m, CompanyEntity, [
    {
      FirmaNr: 1,
      FirmaName: 'Demo Handels AG',
      Leitwaehrung: 'CHF',
      StandardPreisListTyp: 'VK',
      StandardWUSTCode: 'CH81',
    },
  ]);
  await bulkInsert(m, AttributeEntity, [
    {
      ObjTyp: 'FIRM',
      ObjKey: '1',
      PHKey: DEMO_ATTRIBUTE_KEYS.events,
      Contents: 'REST_Auft,REST_Kunde',
    } as AttributeEntity,
  ]);
  await bulkInsert(m, CurrencyEntity, CURRENCIES);
  await bulkInsert(m, TaxCodeEntity, TAX_CODES);
  await bulkInsert(
    m,
    PostalCodeEntity,
    POSTAL_CODES.map(([OrtLand, OrtPLZ, OrtName]) => ({ OrtLand, OrtPLZ, OrtName }) as PostalCodeEntity),
  );
  await bulkInsert(m, StoreEntity, STORES);
  await bulkInsert(m, StoragePlaceEntity, STORAGE_PLACES);
  await bulkInsert(m, PriceListEntity, PRICE_LISTS);
}
