import { z } from 'zod';

/**
 * How a record type with positions becomes an EN 16931 e-invoice (XRechnung, ZUGFeRD): which of
 * its fields names the buyer, the buyer reference (Leitweg-ID), the due date and the VAT case,
 * the UN/ECE Rec 20 code of each position unit, and the VAT category (S, Z, E, AE, K) with its
 * exemption reason per case and rate. Data on the record type, filled for the invoice base type;
 * the seller (name, address, tax ids, bank details) comes from the environment's general settings.
 */

const fieldKey = z.string().trim().min(1).max(60);

/** The EN 16931 VAT category codes this mapping may name (UNTDID 5305 subset). */
export const vatCategories = ['S', 'Z', 'E', 'AE', 'K'] as const;
const vatCategorySchema = z.enum(vatCategories);

/** A VAT case (a value of the VAT case field): its category and, except for S, why no VAT is due. */
export const vatCaseSchema = z.object({
  value: z.string().trim().min(1).max(60),
  category: vatCategorySchema,
  /** BT-120, printed text of the exemption. */
  exemptionReason: z.string().trim().max(300).optional(),
  /** BT-121, a VATEX code such as VATEX-EU-AE. */
  exemptionCode: z.string().trim().max(30).optional(),
});
export type VatCase = z.infer<typeof vatCaseSchema>;

export const einvoiceMappingSchema = z.object({
  /** The model field naming the buyer (a customer record: name, address, vat_id, email). */
  buyerField: fieldKey,
  /** BT-10, the buyer reference; for public buyers the Leitweg-ID. */
  buyerReferenceField: fieldKey.optional(),
  /** BT-9, the due date. */
  dueDateField: fieldKey.optional(),
  /** The select field naming the VAT case of the document; empty means `cases[0]`. */
  vatCaseField: fieldKey.optional(),
  /** The first case is the default (domestic, category S; a 0 % rate there is category Z). */
  cases: z.array(vatCaseSchema).min(1).max(20),
  /** Position unit → UN/ECE Recommendation 20 code (BT-130). */
  units: z.array(z.object({ value: z.string().trim().min(1).max(60), code: z.string().trim().min(1).max(3) })).max(100),
});
export type EinvoiceMapping = z.infer<typeof einvoiceMappingSchema>;
