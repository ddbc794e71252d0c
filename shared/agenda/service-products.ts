import { z } from "zod";
import { isId } from "../id.ts";
import { SERVICE_PRODUCTS_MAX } from "../resources/servicos.ts";
import { quantityValue } from "../resources/schema-helpers.ts";

/**
 * The products a service consumes (issue 21): a product and a quantity in the product's unit
 * (1 un, 0,05 L, 30 g…), each time the service is performed. The desk turns them into "consumo em
 * serviço" exits of the stock ledger. Client-safe: the service page's form and the API read it.
 */

const PRODUCT_MESSAGE = "Escolha um produto cadastrado.";

/** Up to 1.000.000 of a unit per service: a typo guard. */
const QUANTITY_MAX = 1_000_000;

export const serviceProductLine = z.object({
  produtoId: z.string({ error: () => PRODUCT_MESSAGE }).refine(isId, PRODUCT_MESSAGE),
  quantidade: quantityValue("Quantidade", { max: QUANTITY_MAX }).refine((n) => n > 0, "O campo Quantidade deve ser maior que zero"),
});

export type ServiceProductLine = z.output<typeof serviceProductLine>;

/** The whole list (`PUT /api/servicos/{id}/produtos`): each product once. */
export const serviceProductList = z.object({
  produtos: z
    .array(serviceProductLine, { error: () => "Envie a lista de produtos consumidos." })
    .max(SERVICE_PRODUCTS_MAX, `Um serviço consome no máximo ${SERVICE_PRODUCTS_MAX} produtos diferentes.`)
    .refine((lines) => new Set(lines.map((l) => l.produtoId)).size === lines.length, "Cada produto aparece uma vez na lista."),
});

export type ServiceProductList = z.output<typeof serviceProductList>;
