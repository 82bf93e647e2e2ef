import { ErpDbSettings } from '@app/erp-db';
import { AppConfig } from '../common/config/app-config';

/** The database connection of the validated settings: one mapping for the service and every CLI. */
export function erpDbSettings(config: AppConfig): ErpDbSettings {
  return {
    type: config.dbType,
    path: config.dbPath,
    url: config.databaseUrl,
    mssqlTrustServerCertificate: config.mssqlTrustServerCertificate,
    poolSize: config.dbPoolSize,
  };
}
