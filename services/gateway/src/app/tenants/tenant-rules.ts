/** Days an invoice may stay open past its due date before the API is locked (402). */
export const INVOICE_GRACE_DAYS = 7;
