import { ClassTransformOptions, plainToInstance } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, validate, ValidationError, ValidatorOptions } from 'class-validator';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { bodyShape } from './body-shape';

/**
 * Items of a nested array validated at a time: a body of 999 order lines takes class-transformer
 * and class-validator hundreds of milliseconds, which must not hold every other request up.
 */
const ITEMS_PER_SLICE = 16;

type DtoClass = new (...args: unknown[]) => object;

interface LongArray {
  field: string;
  items: object[];
  itemClass: DtoClass;
}

/** The top-level arrays of nested DTOs that are longer than a slice, when every item is an object. */
function longArraysOf(body: Record<string, unknown>, dto: DtoClass): LongArray[] | undefined {
  const long: LongArray[] = [];
  for (const [field, shape] of bodyShape(dto).fields) {
    const items = body[field];
    if (!shape.array || !shape.nested || !Array.isArray(items) || items.length <= ITEMS_PER_SLICE) continue;
    // Items that are not objects are cheap to refuse: the whole body goes the usual way then.
    if (!items.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item)))
      return undefined;
    const itemClass = defaultMetadataStorage.findTypeMetadata(dto, field)?.typeFunction() as DtoClass;
    long.push({ field, items: items as object[], itemClass });
  }
  return long.length > 0 ? long : undefined;
}

/** class-validator's order of a class's errors: unknown fields first, then the fields as declared. */
function declarationOrder(dto: DtoClass): Map<string, number> {
  const order = new Map<string, number>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false))
    if (!order.has(meta.propertyName)) order.set(meta.propertyName, order.size);
  return order;
}

/**
 * Transforms and validates a body whose nested arrays are long in slices of ITEMS_PER_SLICE items,
 * giving the event loop back between them: the rest of the body with the first item of each such
 * array as one, then every further item on its own, with the same options. The errors and the
 * instance are those of one validation of the whole body. Undefined when the body has no such array.
 */
export async function validateInSlices(
  body: unknown,
  dto: DtoClass,
  transformOptions: ClassTransformOptions | undefined,
  validatorOptions: ValidatorOptions,
): Promise<{ instance: object; errors: ValidationError[] } | undefined> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const long = longArraysOf(body as Record<string, unknown>, dto);
  if (!long) return undefined;
  const head: Record<string, unknown> = { ...body };
  for (const { field, items } of long) head[field] = items.slice(0, 1);
  const instance = plainToInstance(dto, head, transformOptions) as unknown as Record<string, unknown>;
  const errors = await validate(instance, validatorOptions);
  for (const { field, items, itemClass } of long) {
    const instances = [...(instance[field] as object[])];
    const itemErrors: ValidationError[] = [];
    for (let from = 1; from < items.length; from += ITEMS_PER_SLICE) {
      await nextTurn();
      for (let index = from; index < Math.min(from + ITEMS_PER_SLICE, items.length); index++) {
        const item = plainToInstance(itemClass, items[index], transformOptions);
        instances.push(item);
        const children = await validate(item, validatorOptions);
        if (children.length > 0)
          itemErrors.push(
            Object.assign(new ValidationError(), { property: String(index), value: item, children }),
          );
      }
    }
    instance[field] = instances;
    if (itemErrors.length === 0) continue;
    let parent = errors.find((error) => error.property === field);
    if (!parent) {
      parent = Object.assign(new ValidationError(), { property: field, value: instances, children: [] });
      errors.push(parent);
    }
    parent.children = [...(parent.children ?? []), ...itemErrors];
  }
  const order = declarationOrder(dto);
  const rank = (error: ValidationError): number => order.get(error.property) ?? -1;
  errors.sort((a, b) => rank(a) - rank(b));
  return { instance, errors };
}
