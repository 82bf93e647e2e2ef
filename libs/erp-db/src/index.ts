export * from './dialect';
export * from './entities';
export * from './migrations';
export * from './data-source-options';
export * from './sqlite-driver';
export * from './sqlite-functions';
export * from './seed/demo-seed';
export * from './statistics';
