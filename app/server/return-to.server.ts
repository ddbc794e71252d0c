/**
 * "Cadastrar novo …" beside a relation picker: the related resource's create form opens with
 * `?volta=<this form's address>`, whose `{id}` slot is the preset parameter of the field; once
 * saved, the new record's id fills the slot and the person is back on the first form with it
 * chosen (`saveAction`). Only this site's paths are followed (never another origin).
 */
import { definitionByApi } from "../../shared/resources/definitions.ts";
import type { AnyDefinition } from "../../shared/resources/definitions.ts";
import { can } from "../../worker/auth/permissions.ts";
import type { Role } from "../../shared/enums.ts";

export const RETURN_PARAM = "volta";
/** Where the new record's id goes in the return address. */
export const ID_SLOT = "{id}";

/** A link a relation field offers: the related resource's create form, returning here. */
export interface CreateLink {
  href: string;
  label: string;
}

/** The return address a create form was opened with, when it is a path of this site with the id slot. */
export function returnAddress(request: Request): string | null {
  const url = new URL(request.url);
  const back = url.searchParams.get(RETURN_PARAM);
  if (!back?.startsWith("/") || back.startsWith("//") || back.includes("\\") || !back.includes(ID_SLOT)) return null;
  try {
    if (new URL(back, url.origin).origin !== url.origin) return null;
  } catch {
    return null;
  }
  return back;
}

/** The return address with the new record's id in its slot (`null` id: back without one, as Cancelar does). */
export function fillReturn(back: string, id: string | null): string {
  return back.replace(ID_SLOT, id ? encodeURIComponent(id) : "");
}

/**
 * For a new record's form at `request`: each relation field that a preset parameter fills
 * (`def.screens.presets`) and whose resource the role may create on its own form gets a
 * "Cadastrar novo …" link returning to this form with the new record chosen.
 */
export function createLinks(request: Request, def: AnyDefinition, role: Role): Record<string, CreateLink> {
  const url = new URL(request.url);
  const links: Record<string, CreateLink> = {};
  for (const [param, fieldName] of Object.entries(def.screens?.presets ?? {})) {
    const field = def.fields.find((f) => f.name === fieldName);
    const target = field?.kind === "relation" && field.relation ? definitionByApi(field.relation) : undefined;
    if (!target?.screens?.plain.includes("create") || !can(role, target.name, "create")) continue;
    const kept = new URLSearchParams(url.searchParams);
    kept.delete(param);
    kept.delete(RETURN_PARAM);
    const rest = kept.toString();
    const back = `${url.pathname}?${rest ? `${rest}&` : ""}${encodeURIComponent(param)}=${ID_SLOT}`;
    const newButton = target.labels.newButton;
    links[fieldName] = {
      href: `${target.basePath}/create?${RETURN_PARAM}=${encodeURIComponent(back)}`,
      label: `Cadastrar ${newButton.charAt(0).toLowerCase()}${newButton.slice(1)}`,
    };
  }
  return links;
}
