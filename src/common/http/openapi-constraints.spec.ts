import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  getMetadataStorage,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
} from 'class-validator';
import {
  constraintsOf,
  documentConstraint,
  documentValidationRules,
  SWAGGER_PROPERTY,
  WITHOUT_NUL,
} from './openapi-constraints';

const rulesOf = (target: new () => object, property: string) =>
  getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .filter((meta) => meta.propertyName === property);

const documented = (target: new () => object, property: string) =>
  Reflect.getMetadata(SWAGGER_PROPERTY, target.prototype as object, property) as Record<string, unknown>;

class Sample {
  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(1000)
  order!: number;

  @ApiPropertyOptional({ type: String })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(8)
  text?: string;

  @ApiProperty()
  @Matches(/^[A-Z]{3}$/)
  code!: string;

  @ApiProperty({ enum: ['O', 'N'] })
  @IsIn(['O', 'N'])
  status!: string;

  @ApiProperty({ type: [String] })
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsIn(['a', 'b'], { each: true })
  list!: string[];
}

describe('the OpenAPI constraints derived from the validation', () => {
  beforeAll(() => documentValidationRules());

  it('writes each rule as its JSON schema keyword', () => {
    expect(documented(Sample, 'order')).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
    expect(documented(Sample, 'text')).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 8,
      pattern: WITHOUT_NUL,
    });
    expect(documented(Sample, 'code')).toMatchObject({ pattern: '^[A-Z]{3}$' });
    expect(documented(Sample, 'status')).toMatchObject({ enum: ['O', 'N'] });
    expect(documented(Sample, 'list')).toMatchObject({
      minItems: 1,
      maxItems: 3,
      items: { enum: ['a', 'b'] },
    });
  });

  it('changes nothing when run again', () => {
    const before = documented(Sample, 'text');
    documentValidationRules();
    expect(documented(Sample, 'text')).toEqual(before);
  });

  it('refuses a rule it does not know, so that no rule goes undocumented', () => {
    class Unknown {
      @ApiProperty()
      @((target: object, propertyName: string) =>
        registerDecorator({
          name: 'isSomethingNew',
          target: target.constructor,
          propertyName,
          validator: { validate: () => true },
        }))
      value!: string;
    }
    expect(() => constraintsOf(rulesOf(Unknown, 'value'))).toThrow(
      'Unknown.value: the validation rule isSomethingNew has no OpenAPI schema',
    );
    expect(() => documentValidationRules()).toThrow('isSomethingNew has no OpenAPI schema');
    documentConstraint('isSomethingNew', { pattern: '^new$' });
    documentValidationRules();
    expect(documented(Unknown, 'value')).toMatchObject({ pattern: '^new$' });
  });

  it('refuses a document that says something else than the validation', () => {
    class Contradicting {
      @ApiProperty({ maxLength: 10 })
      @IsString()
      @MaxLength(8)
      value!: string;
    }
    expect(() => documentValidationRules()).toThrow('Contradicting.value: maxLength is both 10 and 8');
    Reflect.defineMetadata(
      SWAGGER_PROPERTY,
      { type: String, maxLength: 8 },
      Contradicting.prototype,
      'value',
    );
  });
});
