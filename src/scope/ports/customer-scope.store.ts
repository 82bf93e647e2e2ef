/**
 * Port: which customers and addresses belong to a web shop (D12). A customer belongs to the web
 * shops its attribute ATTRIBUTE_WEBSHOP lists; an address to the web shops of the customers
 * whose contact, delivery or billing address it is.
 */
export abstract class CustomerScopeStore {
  /** The customers among `debiNrs` that belong to `webshop`. */
  abstract customersOf(webshop: string, debiNrs: string[]): Promise<Set<string>>;
  abstract addressOf(webshop: string, adrNr: number): Promise<boolean>;
}
