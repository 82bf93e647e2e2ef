import type { OpenAPIObject } from '@nestjs/swagger';

/** Operation ids a client author would choose, by `METHOD path` of the document. */
const OPERATION_IDS = new Map<string, string>([
  ['POST /www/token', 'createToken'],
  ['GET /health', 'getLiveness'],
  ['GET /ready', 'getReadiness'],
  ['GET /metrics', 'getMetrics'],
  ['GET /www/artikel', 'listArticles'],
  ['GET /www/artikel/{ArtNr}', 'getArticle'],
  ['GET /www/artikelmedia/{ArtNr}', 'listArticleMedia'],
  ['GET /www/artikelmediadaten/{IDKey}', 'getMediumFile'],
  ['POST /www/kunden', 'createCustomer'],
  ['GET /www/kunden/{DebiNr}', 'getCustomer'],
  ['PUT /www/kunden/{DebiNr}', 'updateCustomer'],
  ['GET /www/adressen', 'listCustomerAddresses'],
  ['GET /www/adressen/{AdrNr}', 'getAddress'],
  ['PATCH /www/adressen/{AdrNr}', 'updateAddress'],
  ['GET /www/adressensuche', 'searchCustomerByAddress'],
  ['POST /www/auftrag', 'createOrder'],
  ['POST /www/auftrag/kalkulation', 'quoteOrder'],
  ['PUT /www/auftrag', 'convertOffer'],
  ['GET /www/auftrag/{AuftNr}', 'getOrder'],
  ['POST /www/zugferd', 'processEInvoice'],
  ['OPTIONS /www/zugferd', 'getEInvoiceOptions'],
  ['DELETE /www/log', 'deleteLogs'],
  ['GET /www/events', 'listEvents'],
  ['POST /www/events/{id}/redeliver', 'redeliverEvent'],
  ['POST /www/webhooks', 'createWebhook'],
  ['GET /www/webhooks', 'listWebhooks'],
  ['DELETE /www/webhooks/{id}', 'deleteWebhook'],
]);

/** An OpenAPI link: the operation it leads to and where that operation's parameters come from. */
interface Link {
  operationId: string;
  parameters: Record<string, string>;
  /** A runtime expression the target's request body comes from. */
  requestBody?: string;
  description: string;
}

const link = (operationId: string, parameters: Record<string, string>, description: string): Link => ({
  operationId,
  parameters,
  description,
});

const createdOrder = {
  GetOrder: link('getOrder', { AuftNr: '$response.body#/data/AuftNr' }, 'The order just created.'),
};

/**
 * The links of each operation's success responses (`METHOD path status`), so that a tool chains a
 * created or referenced resource to the operations that read or change it.
 */
const LINKS = new Map<string, Record<string, Link>>([
  ['POST /www/auftrag 201', createdOrder],
  ['POST /www/auftrag 200', createdOrder],
  ['PUT /www/auftrag 201', createdOrder],
  [
    'POST /www/auftrag/kalkulation 200',
    {
      CreateOrder: {
        ...link('createOrder', {}, 'Place the order: the same body creates the order this quote shows.'),
        requestBody: '$request.body',
      },
      GetCustomer: link(
        'getCustomer',
        { DebiNr: '$response.body#/data/GrundDaten/KundNr' },
        'The customer of the order.',
      ),
    },
  ],
  [
    'GET /www/auftrag/{AuftNr} 200',
    {
      GetCustomer: link(
        'getCustomer',
        { DebiNr: '$response.body#/data/GrundDaten/KundNr' },
        'The customer of the order (a template offer has none).',
      ),
    },
  ],
  [
    'POST /www/kunden 201',
    {
      GetCustomer: link(
        'getCustomer',
        { DebiNr: '$response.body#/data/DebiNr' },
        'The customer just created.',
      ),
      UpdateCustomer: link('updateCustomer', { DebiNr: '$response.body#/data/DebiNr' }, 'Change its data.'),
      ListAddresses: link(
        'listCustomerAddresses',
        { debinr: '$response.body#/data/DebiNr' },
        'Its addresses.',
      ),
    },
  ],
  [
    'GET /www/kunden/{DebiNr} 200',
    {
      UpdateCustomer: link('updateCustomer', { DebiNr: '$request.path.DebiNr' }, 'Change its data.'),
      ListAddresses: link('listCustomerAddresses', { debinr: '$request.path.DebiNr' }, 'Its addresses.'),
      GetContactAddress: link(
        'getAddress',
        { AdrNr: '$response.body#/data/KundKontakt' },
        'Its contact address.',
      ),
      GetLatestOrder: link(
        'getOrder',
        { AuftNr: '$response.body#/data/Auftrag/0/AuftNr' },
        'Its latest order.',
      ),
    },
  ],
  [
    'PUT /www/kunden/{DebiNr} 204',
    { GetCustomer: link('getCustomer', { DebiNr: '$request.path.DebiNr' }, 'The customer as changed.') },
  ],
  [
    'GET /www/adressen 200',
    {
      GetContactAddress: link(
        'getAddress',
        { AdrNr: '$response.body#/data/KundKontakt/0/AdrNr' },
        'The first contact address.',
      ),
      GetCustomer: link('getCustomer', { DebiNr: '$request.query.debinr' }, 'The customer.'),
    },
  ],
  [
    'GET /www/adressen/{AdrNr} 200',
    { UpdateAddress: link('updateAddress', { AdrNr: '$request.path.AdrNr' }, 'Change the address.') },
  ],
  [
    'PATCH /www/adressen/{AdrNr} 204',
    { GetAddress: link('getAddress', { AdrNr: '$request.path.AdrNr' }, 'The address as changed.') },
  ],
  [
    'GET /www/adressensuche 200',
    {
      GetCustomer: link('getCustomer', { DebiNr: '$response.body#/data/DebiNr' }, 'The customer found.'),
      GetContactAddress: link(
        'getAddress',
        { AdrNr: '$response.body#/data/KundKontakt' },
        'Its contact address.',
      ),
    },
  ],
  [
    'GET /www/artikel 200',
    {
      GetArticle: link(
        'getArticle',
        { ArtNr: '$response.body#/data/0/ArtNr' },
        'The first article of the page.',
      ),
      ListMedia: link('listArticleMedia', { ArtNr: '$response.body#/data/0/ArtNr' }, 'Its media.'),
    },
  ],
  [
    'GET /www/artikel/{ArtNr} 200',
    { ListMedia: link('listArticleMedia', { ArtNr: '$request.path.ArtNr' }, 'The media of the article.') },
  ],
  [
    'GET /www/artikelmedia/{ArtNr} 200',
    {
      GetFile: link(
        'getMediumFile',
        { IDKey: '$response.body#/data/0/IDKey' },
        'The file of the first medium.',
      ),
    },
  ],
  [
    'POST /www/webhooks 201',
    { DeleteWebhook: link('deleteWebhook', { id: '$response.body#/data/id' }, 'End the subscription.') },
  ],
  [
    'GET /www/webhooks 200',
    {
      DeleteWebhook: link(
        'deleteWebhook',
        { id: '$response.body#/data/0/id' },
        'End the first subscription.',
      ),
    },
  ],
  [
    'GET /www/events 200',
    {
      Redeliver: link('redeliverEvent', { id: '$response.body#/data/0/id' }, 'Send the first event again.'),
      GetOrder: link(
        'getOrder',
        { AuftNr: '$response.body#/data/0/AuftNr' },
        'The order of the first event.',
      ),
      GetCustomer: link('getCustomer', { DebiNr: '$response.body#/data/0/DebiNr' }, 'Its customer.'),
    },
  ],
]);

type PathItem = OpenAPIObject['paths'][string];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** Names every operation and adds its links; a route the tables do not know stops the start. */
export function nameOperations(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths) as [string, PathItem][]) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const id = OPERATION_IDS.get(key);
      if (id === undefined) throw new Error(`The OpenAPI document has no operation id for ${key}`);
      operation.operationId = id;
      for (const [status, response] of Object.entries(operation.responses)) {
        const links = LINKS.get(`${key} ${status}`);
        if (links !== undefined && response !== undefined && !('$ref' in response)) response.links = links;
      }
    }
  }
}
