// class-transformer's metadata (the classes of @Type) lives here; the package declares it under types/.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
