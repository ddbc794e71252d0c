import type { Hono } from "hono";
import type { AppEnv } from "../http/types.ts";
import type { ResourceModule, RouteHelpers } from "./define.ts";
import { clientRoutes } from "./modules/clients-routes.ts";
import { clientsModule } from "./modules/clients.ts";
import { companyRoutes } from "./modules/companies-routes.ts";
import { companiesModule } from "./modules/companies.ts";
import { propertyRoutes } from "./modules/imoveis-routes.ts";
import { imoveisModule } from "./modules/imoveis.ts";
import { interestRoutes } from "./modules/interesses-routes.ts";
import { interessesModule } from "./modules/interesses.ts";
import { productRoutes } from "./modules/produtos-routes.ts";
import { produtosModule } from "./modules/produtos.ts";

/** A resource's routes of its own under `/api/<api>` (timeline, LGPD…), beside the generic ones. */
export type OwnRoutes = (app: Hono<AppEnv>, helpers: RouteHelpers) => void;

/**
 * Which resources add routes of their own. Apart from the modules (ADR 026): these routes call
 * services, and services use the registry of modules, so a module that held its routes closed a
 * circle. Only the API (worker/api/) reads this list.
 */
const OWN_ROUTES = new Map<unknown, OwnRoutes>([
  [clientsModule, clientRoutes],
  [companiesModule, companyRoutes],
  [imoveisModule, propertyRoutes],
  [interessesModule, interestRoutes],
  [produtosModule, productRoutes],
]);

/** The routes `mod` adds, if any. */
export function ownRoutesOf(mod: ResourceModule): OwnRoutes | undefined {
  return OWN_ROUTES.get(mod);
}
