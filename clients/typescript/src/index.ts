export { createErpClient } from './client';
export type { ErpClient, ErpClientOptions, ErpMethod, Success } from './client';
export { ErpApiError } from './errors';
export type { EInvoiceErrorBody, ErrorBody, FieldError } from './errors';
export type { RetryPolicy } from './retry';
export { verifyWebhook, webhookValidationProof, WebhookVerificationError } from './webhooks';
export type {
  ErpEvent,
  VerifyOptions,
  WebhookHeaders,
  WebhookMessage,
  WebhookValidationRequest,
} from './webhooks';
export type { components, operations, paths } from './generated/schema';
