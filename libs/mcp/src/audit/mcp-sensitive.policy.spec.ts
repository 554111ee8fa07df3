import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import { McpSensitive } from '../decorators/mcp-sensitive.decorator';
import { HIDDEN_VALUE, sensitivePlan, shownSensitive, withoutSensitive } from './mcp-sensitive.policy';

class CardDto {
  @McpSensitive()
  @IsString()
  number: string;

  @IsString()
  brand: string;
}

class PaymentDto {
  @IsString()
  customer_id: string;

  @McpSensitive()
  @IsString()
  document: string;

  @ValidateNested()
  @Type(() => CardDto)
  card: CardDto;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CardDto)
  spare_cards: CardDto[];
}

class HookDto {
  @McpSensitive({ shown: (value) => new URL(String(value)).host })
  @IsString()
  url: string;

  @ValidateNested()
  @Type(() => CardDto)
  card: CardDto;
}

class RefundDto extends PaymentDto {
  @McpSensitive()
  @IsOptional()
  @IsString()
  pin?: string;
}

class PlainDto {
  @IsString()
  name: string;
}

describe('@McpSensitive() and the sensitive plan', () => {
  it('removes marked properties at every depth, arrays of nested DTOs included', () => {
    const args = {
      customer_id: 'c1',
      document: '123.456.789-00',
      card: { number: '4111111111111111', brand: 'visa' },
      spare_cards: [{ number: '5500000000000004', brand: 'master' }, 'not an object'],
    };
    expect(withoutSensitive(args, sensitivePlan(PaymentDto))).toEqual({
      customer_id: 'c1',
      card: { brand: 'visa' },
      spare_cards: [{ brand: 'master' }, 'not an object'],
    });
    // The caller's object is left as it was.
    expect(args.document).toBe('123.456.789-00');
  });

  it('is inherited, and a subclass adds its own without touching the parent', () => {
    expect(withoutSensitive({ customer_id: 'c1', document: 'x', pin: '1234' }, sensitivePlan(RefundDto))).toEqual({ customer_id: 'c1' });
    expect(withoutSensitive({ pin: '1234' }, sensitivePlan(PaymentDto))).toEqual({ pin: '1234' });
  });

  it('has no plan for a DTO with nothing sensitive, so its arguments pass as they came', () => {
    expect(sensitivePlan(PlainDto)).toBeUndefined();
    const args = { name: 'n' };
    expect(withoutSensitive(args, undefined)).toBe(args);
  });

  it('shows each sensitive value as its DTO says, or hidden, at every depth, for an approval', () => {
    const args = { url: 'https://hooks.example/p?token=t0k', card: { number: '4111111111111111', brand: 'visa' }, extra: 1 };
    expect(shownSensitive(args, sensitivePlan(HookDto))).toEqual({ url: 'hooks.example', card: { number: HIDDEN_VALUE, brand: 'visa' }, extra: 1 });
    // A value the function cannot read is hidden too, never thrown or kept.
    expect(shownSensitive({ url: 'not a url' }, sensitivePlan(HookDto))).toEqual({ url: HIDDEN_VALUE });
  });
});
