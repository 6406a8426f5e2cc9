/**
 * Lengths of the address and bank-details fields. The base types' validation rules and the
 * setup wizard's call read them from here, so the wizard refuses exactly what the record would.
 */
export const addressLimits = {
  name: 200,
  addition: 200,
  street: 120,
  housenumber: 20,
  zip: 10,
  city: 120,
  country: 60,
} as const;

/** IBAN and BIC have no length rule of their own: their format check names the problem. */
export const bankDetailsLimits = { name: 200, bank: 200 } as const;
