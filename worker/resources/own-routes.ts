import type { Hono } from "hono";
import type { AppEnv } from "../http/types.ts";
import type { ResourceModule, RouteHelpers } from "./define.ts";
import { appointmentRoutes } from "./modules/agenda/appointments-routes.ts";
import { agendamentosModule } from "./modules/agenda/appointments.ts";
import { serviceRoutes } from "./modules/agenda/services-routes.ts";
import { servicosModule } from "./modules/agenda/services.ts";
import { clientRoutes } from "./modules/customers/clients-routes.ts";
import { clientsModule } from "./modules/customers/clients.ts";
import { companyRoutes } from "./modules/customers/companies-routes.ts";
import { companiesModule } from "./modules/customers/companies.ts";
import { documentRoutes } from "./modules/documents/documents-routes.ts";
import { documentosModule } from "./modules/documents/documents.ts";
import { propertyRoutes } from "./modules/real-estate/properties-routes.ts";
import { imoveisModule } from "./modules/real-estate/properties.ts";
import { interestFromCommentRoutes } from "./modules/real-estate/interest-from-comment-routes.ts";
import { interestRoutes } from "./modules/real-estate/interests-routes.ts";
import { interessesModule } from "./modules/real-estate/interests.ts";
import { postArtRoutes } from "./modules/social/post-art-routes.ts";
import { postCommentRoutes } from "./modules/social/post-comments-routes.ts";
import { postRoutes } from "./modules/social/posts-routes.ts";
import { postsModule } from "./modules/social/posts.ts";
import { productRoutes } from "./modules/stock/products-routes.ts";
import { professionalRoutes } from "./modules/agenda/professionals-routes.ts";
import { profissionaisModule } from "./modules/agenda/professionals.ts";
import { produtosModule } from "./modules/stock/products.ts";
import { orderRoutes } from "./modules/finance/orders-routes.ts";
import { pedidosModule } from "./modules/finance/orders.ts";
import { saleRoutes } from "./modules/finance/sales-routes.ts";
import { vendasModule } from "./modules/finance/sales.ts";
import { movimentacoesModule } from "./modules/finance/cash-movements.ts";
import { despesasModule } from "./modules/finance/expenses.ts";
import { cashMovementRoutes, expenseRoutes, receivableRoutes } from "./modules/finance/finance-routes.ts";
import { receitasModule } from "./modules/finance/receivables.ts";

/** A resource's routes of its own under `/api/<api>` (timeline, LGPD…), beside the generic ones. */
export type OwnRoutes = (app: Hono<AppEnv>, helpers: RouteHelpers) => void;

/** Two files' routes on one resource. */
function both(first: OwnRoutes, second: OwnRoutes): OwnRoutes {
  return (app, helpers) => {
    first(app, helpers);
    second(app, helpers);
  };
}

/**
 * Which resources add routes of their own. Apart from the modules (ADR 026): these routes call
 * services, and services use the registry of modules, so a module that held its routes closed a
 * circle. Only the API (worker/api/) reads this list.
 */
const OWN_ROUTES = new Map<unknown, OwnRoutes>([
  [clientsModule, clientRoutes],
  [companiesModule, companyRoutes],
  [imoveisModule, propertyRoutes],
  [interessesModule, both(interestRoutes, interestFromCommentRoutes)],
  [produtosModule, productRoutes],
  [postsModule, both(both(postArtRoutes, postRoutes), postCommentRoutes)],
  [profissionaisModule, professionalRoutes],
  [agendamentosModule, appointmentRoutes],
  [servicosModule, serviceRoutes],
  [documentosModule, documentRoutes],
  [pedidosModule, orderRoutes],
  [vendasModule, saleRoutes],
  [despesasModule, expenseRoutes],
  [receitasModule, receivableRoutes],
  [movimentacoesModule, cashMovementRoutes],
]);

/** The routes `mod` adds, if any. */
export function ownRoutesOf(mod: ResourceModule): OwnRoutes | undefined {
  return OWN_ROUTES.get(mod);
}
