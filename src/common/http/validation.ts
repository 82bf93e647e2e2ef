import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError, FieldProblem } from '../errors/api-error';

/** Flattens class-validator's tree into `Positionen[2].ArtNr`-style paths, every problem at once. */
export function fieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const path = /^\d+$/.test(e.property)
      ? `${parent}[${e.property}]`
      : parent
        ? `${parent}.${e.property}`
        : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field: path, message }));
    return [...own, ...fieldProblems(e.children ?? [], path)];
  });
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      ApiError.badRequest('The request is invalid; see info.fields.', fieldProblems(errors)),
  });
}
