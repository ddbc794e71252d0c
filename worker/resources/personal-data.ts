import { exportClientData } from "../services/customers/clients.ts";
import type { Actor, ServiceContext } from "../services/context.ts";
import type { ResourceModule } from "./define.ts";
import { clientsModule } from "./modules/customers/clients.ts";

/** Everything held about one record's data subject (LGPD), as its JSON download says it. */
export type PersonalDataExport = (ctx: ServiceContext, actor: Actor, id: string) => Promise<unknown>;

/**
 * Which resources hold personal data a data subject may ask for (with the module's `erase`).
 * Apart from the modules for the same reason as their own routes (ADR 026): the export is a
 * service, and services use the registry of modules. Only the `<basePath>/:id/dados` screen
 * (app/routes/records/personal-data.tsx) reads this list.
 */
const PERSONAL_DATA = new Map<unknown, PersonalDataExport>([[clientsModule, exportClientData]]);

/** The personal-data export of `mod`, if it holds any. */
export function personalDataOf(mod: ResourceModule): PersonalDataExport | undefined {
  return PERSONAL_DATA.get(mod);
}
