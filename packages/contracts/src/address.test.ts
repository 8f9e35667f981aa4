import { describe, expect, it } from 'vitest';
import {
  addressMessages,
  COUNTRY_CODES,
  countryName,
  isEuVatNumberFor,
  normaliseUkPostcode,
  normaliseVatNumber,
  shippingAddressSchema,
  vatNumberProblem,
} from './address.js';

const good = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'sw1a 1aa',
  country: 'gb',
};

describe('shipping addresses', () => {
  it('accepts a UK address and normalises its postcode and country', () => {
    const r = shippingAddressSchema.parse(good);
    expect(r).toMatchObject({ postal_code: 'SW1A 1AA', country: 'GB' });
  });

  it.each(['EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA', 'ec1a1bb'])(
    'reads the UK postcode %s',
    (pc) => expect(normaliseUkPostcode(pc)).not.toBeNull(),
  );

  it.each(['12345', 'SW1A', 'SW1A 1A', 'Q1A 1AA', '1AB 2CD', 'SW1A 1AAA'])(
    'refuses the UK postcode %s',
    (pc) => {
      const r = shippingAddressSchema.safeParse({ ...good, postal_code: pc });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({
        path: ['postal_code'],
        message: addressMessages.ukPostcodeInvalid,
      });
    },
  );

  it('names each missing or bad field', () => {
    const r = shippingAddressSchema.safeParse({
      name: '',
      street: ' ',
      city: 'x'.repeat(101),
      postal_code: '',
      country: 'ZZ',
      email: 'nope',
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      name: addressMessages.nameRequired,
      street: addressMessages.streetRequired,
      city: addressMessages.tooLong(100),
      postal_code: addressMessages.postalCodeRequired,
      country: addressMessages.countryInvalid,
      email: addressMessages.emailInvalid,
    });
  });

  it('accepts other countries with their own postcodes, and optional fields', () => {
    const r = shippingAddressSchema.parse({
      ...good,
      country: 'US',
      postal_code: '94103-1234',
      state: 'CA',
      phone: '+1 415 555 0100',
      email: 'a@b.co',
    });
    expect(r).toMatchObject({ country: 'US', postal_code: '94103-1234', state: 'CA' });
    expect(
      shippingAddressSchema.parse({ ...good, country: 'DE', postal_code: '10115', phone: '' }).phone,
    ).toBeUndefined();
  });

  it('refuses unknown fields and control characters', () => {
    expect(shippingAddressSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
    expect(shippingAddressSchema.safeParse({ ...good, name: 'A\u0000B' }).success).toBe(false);
  });

  it('has every ISO country with an English name', () => {
    expect(COUNTRY_CODES.length).toBe(250);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
  });
});

describe('EU VAT numbers', () => {
  it('checks the form against the delivery country', () => {
    expect(normaliseVatNumber('de 123.456-789')).toBe('DE123456789');
    expect(isEuVatNumberFor('DE123456789', 'DE')).toBe(true);
    expect(isEuVatNumberFor('EL123456789', 'GR')).toBe(true);
    expect(isEuVatNumberFor('FR123456789', 'DE')).toBe(false);
    expect(vatNumberProblem('DE123456789', 'DE')).toBeNull();
    expect(vatNumberProblem('GB123456789', 'GB')).toBe(addressMessages.vatNumberNotEu);
    expect(vatNumberProblem('DE1', 'DE')).toBe(addressMessages.vatNumberInvalid);
    expect(vatNumberProblem(undefined, 'US')).toBeNull();
  });
});
