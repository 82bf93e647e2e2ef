export * from './dialect';
export * from './entities';
export * from './migrations';
export * from './data-source-options';
export * from './sqlite-driver';
export * from './security/password-hash';
export * from './seed/demo-seed';
export * from './statistics';
