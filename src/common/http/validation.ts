import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError, FieldProblem } from '../errors/api-error';
import { bodyShapeProblem } from './body-shape';
import { validateInSlices } from './sliced-validation';

/** Rules that hold only for values of one type: beside a failed type check they are not what the value breaks. */
const RULES_OF_TYPE: [string, (value: unknown) => boolean][] = [
  ['min', (value) => typeof value === 'number'],
  ['max', (value) => typeof value === 'number'],
  ['isPositive', (value) => typeof value === 'number'],
  ['isNegative', (value) => typeof value === 'number'],
  ['minLength', (value) => typeof value === 'string'],
  ['maxLength', (value) => typeof value === 'string'],
  ['isLength', (value) => typeof value === 'string'],
  ['arrayMinSize', Array.isArray],
  ['arrayMaxSize', Array.isArray],
  ['arrayNotEmpty', Array.isArray],
];
const appliesTo = new Map(RULES_OF_TYPE);

/** The messages of the rules the value breaks: `880.5` for a whole number is not also "greater than 1000". */
function brokenRules(error: ValidationError): string[] {
  const constraints = Object.entries(error.constraints ?? {});
  const applicable = constraints.filter(([rule]) => appliesTo.get(rule)?.(error.value) ?? true);
  return (applicable.length > 0 ? applicable : constraints).map(([, message]) => message);
}

/** Flattens class-validator's tree into `Positionen[2].ArtNr`-style paths, every problem at once. */
export function fieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const path = /^\d+$/.test(e.property)
      ? `${parent}[${e.property}]`
      : parent
        ? `${parent}.${e.property}`
        : e.property;
    const own = brokenRules(e).map((message) => ({ field: path, message }));
    return [...own, ...fieldProblems(e.children ?? [], path)];
  });
}

/**
 * The global pipe: a body is held against its DTO's shape (values, array bounds, field count)
 * before class-transformer and class-validator run, so that their work is bounded by the
 * largest valid body; then validated and transformed as usual, long nested arrays in slices
 * (sliced-validation.ts).
 */
class BoundedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && typeof metadata.metatype === 'function') {
      const problem = bodyShapeProblem(value, metadata.metatype as new () => unknown);
      if (problem) throw problem;
      const sliced = await validateInSlices(
        value,
        metadata.metatype as new () => object,
        this.transformOptions,
        this.validatorOptions,
      );
      if (sliced && sliced.errors.length > 0) throw this.exceptionFactory(sliced.errors);
      if (sliced) return sliced.instance;
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BoundedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      ApiError.badRequest('The request is invalid; see info.fields.', fieldProblems(errors)),
  });
}
