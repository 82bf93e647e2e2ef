import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { CreateOrderDto } from '../../orders/dto/create-order.dto';
import { ApiError } from '../errors/api-error';
import { createValidationPipe, fieldProblems } from './validation';

const options = { whitelist: true, forbidNonWhitelisted: true, transform: true };
/** The same validation of the whole body at once, as the framework's pipe does it. */
const wholeBody = new ValidationPipe({
  ...options,
  exceptionFactory: (errors) =>
    ApiError.badRequest('The request is invalid; see info.fields.', fieldProblems(errors)),
});
const sliced = createValidationPipe();
const metadata = { type: 'body' as const, metatype: CreateOrderDto };

const line = { ArtNr: '1000', Menge: 2, PosBez: 'Schraube', VisPosNr: 1 };
const wrongLine = { ArtNr: 7, Menge: 'x', PosBez: 1, Preis: 'x', VPEinheit: 1, GRabSatz: 'x', VisPosNr: 'x' };

async function outcome(pipe: ValidationPipe, body: unknown): Promise<unknown> {
  try {
    return { value: JSON.parse(JSON.stringify(await pipe.transform(structuredClone(body), metadata))) };
  } catch (error) {
    return { status: (error as ApiError).status, info: (error as ApiError).info };
  }
}

describe('validation of long nested arrays in slices', () => {
  it.each([
    [
      '999 valid lines and payments',
      {
        GrundDaten: { KundNr: '10001' },
        Positionen: Array(999).fill(line),
        Zahlung: Array(999).fill({ Bezeichnung: 'Karte', Wert: 1 }),
      },
    ],
    [
      '999 lines of the wrong type',
      {
        GrundDaten: { KundNr: '10001' },
        Positionen: Array(999).fill(wrongLine),
        Zahlung: Array(999).fill({ Bezeichnung: 1, Wert: 2 }),
      },
    ],
    [
      'a wrong line among valid ones, an unknown field and a bad header',
      {
        Extra: 1,
        GrundDaten: { KundNr: 5 },
        Positionen: [...Array(40).fill(line), wrongLine, ...Array(20).fill(line)],
      },
    ],
    [
      'only the first line wrong',
      { GrundDaten: { KundNr: '10001' }, Positionen: [wrongLine, ...Array(30).fill(line)] },
    ],
    [
      'an item that is not an object',
      { GrundDaten: { KundNr: '10001' }, Positionen: [...Array(30).fill(line), 'x'] },
    ],
  ])('%s: the same answer as one validation of the whole body', async (_name, body) => {
    expect(await outcome(sliced, body)).toEqual(await outcome(wholeBody, body));
  });

  it('gives the event loop back between slices of a 999-line order', async () => {
    const body = {
      GrundDaten: { KundNr: '10001' },
      Positionen: Array(999).fill(wrongLine),
      Zahlung: Array(999).fill({ Bezeichnung: 1, Wert: 2 }),
    };
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    await outcome(sliced, body);
    clearInterval(counting);
    // One turn per slice of 16 items at the least (a whole validation would leave none).
    expect(turns).toBeGreaterThanOrEqual(Math.floor(998 / 16));
  });
});
