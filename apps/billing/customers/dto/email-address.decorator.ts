import { buildMessage, isEmail, ValidateBy, ValidationOptions } from 'class-validator';

/** Whether `text` is well-formed UTF-16: no lone surrogate, which JSON allows as an escape (`"\ud800"`). */
function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `@IsEmail()`, except that text with a lone surrogate is "not an email"
 * (400) instead of a 500: validator's e-mail check measures bytes with
 * `encodeURI`, which throws `URIError` on such text. Same name and message
 * as `@IsEmail()`, so answers do not change.
 */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEmail',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && wellFormed(value) && isEmail(value),
        defaultMessage: buildMessage((each) => `${each}$property must be an email`, options),
      },
    },
    options,
  );
}
