import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { CreateCustomerDto } from './create-customer.dto';
import { UpdateCustomerDto } from './update-customer.dto';

const VALID = { name: 'Cliente', document: '11144477735', email: 'c@example.test' };

describe('IsEmailAddress (customer e-mail)', () => {
  it.each(['\ud800', 'a\udfff@example.test', 'c@exa\ud83dmple.test'])(
    'refuses text with a lone surrogate (%j) as not an email, instead of throwing URIError',
    async (email) => {
      for (const dto of [CreateCustomerDto, UpdateCustomerDto] as Array<new () => object>) {
        const errors = await validate(plainToInstance(dto, { ...VALID, email }));
        expect(errors.find((error) => error.property === 'email')?.constraints).toEqual({ isEmail: 'email must be an email' });
      }
    },
  );

  it('accepts an e-mail address, and refuses others with the message of @IsEmail()', async () => {
    expect(await validate(plainToInstance(CreateCustomerDto, VALID))).toEqual([]);
    expect(await validate(plainToInstance(CreateCustomerDto, { ...VALID, email: 'c@ü.test' }))).toEqual([]);
    const errors = await validate(plainToInstance(CreateCustomerDto, { ...VALID, email: 'nope' }));
    expect(errors[0].constraints).toEqual({ isEmail: 'email must be an email' });
  });

  it('keeps the JSON Schema of @IsEmail() (format email) in the tools built from the DTO', () => {
    expect(targetConstructorToSchema(CreateCustomerDto).properties?.email).toMatchObject({ format: 'email' });
  });
});
