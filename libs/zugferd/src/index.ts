export { combine } from './combine';
export type { CombineOptions, CombineResult } from './combine';
export { extract } from './extract';
export type { ExtractOptions, ExtractResult } from './extract';
export { invoiceAttachmentNames } from './invoice-profile';
export type {
  AttachmentRelationship,
  ConformanceLevel,
  InvoiceProfile,
  InvoiceStandard,
} from './invoice-profile';
export type { StepListener } from './processing-log';
export { ZugferdError } from './zugferd-error';
