/** The sales transaction (ADR 071): what the checkout, the orders and the service desk call. */
export { type CancelledSale, cancelSale } from "./cancel-sale.ts";
export { completeSale, SALES_RESOURCE, writeSale } from "./complete-sale.ts";
