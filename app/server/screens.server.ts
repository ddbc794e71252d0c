/**
 * The shared route modules' server side (app/routes/records/): which definition a request's
 * screen belongs to, and what the one editor for create and edit loads.
 */
import { data } from "react-router";
import { type AnyDefinition, definitionByPath } from "../../shared/resources/definitions.ts";
import type { ResourceScreens, ScreenKind } from "../../shared/resources/types.ts";
import { type FormValues, formValuesFromRow } from "../components/data/view.server.ts";
import { formLoader } from "./resources.server.ts";
import { createLinks, fillReturn, returnAddress } from "./return-to.server.ts";
import { orgTimeZone, requireOrg } from "./guards.server.ts";

export type ScreenDefinition = AnyDefinition & { screens: ResourceScreens };

type Args = Parameters<typeof formLoader>[0];

/**
 * The definition whose screen the request asks for, from its path (the definition's basePath or
 * an alias); a 404 unless that definition lets the shared modules serve `kind`.
 */
export function screenDefinition(request: Request, kind: ScreenKind): ScreenDefinition {
  const def = definitionByPath(new URL(request.url).pathname);
  if (!def?.screens?.plain.includes(kind)) throw data("Página não encontrada.", { status: 404 });
  return def as ScreenDefinition;
}

/**
 * The editor's texts and links from the definition: "Novo …" for a new record, "Editar …" with
 * the record's title (or `description`) for an existing one.
 */
export function editorFrame(def: ScreenDefinition, row: { id: string } | null, description?: string) {
  const { formId, submitLabel, newDescription } = def.screens;
  return {
    resource: def.name,
    fields: def.fields,
    formId,
    submitLabel,
    basePath: def.basePath,
    singular: def.labels.singular,
    title: row ? def.labels.editTitle : def.labels.newTitle,
    description: description ?? (row ? def.title(row) : newDescription),
    cancelHref: row ? `${def.basePath}/${row.id}` : def.basePath,
  };
}

/** A screen's definition for an own route module (its texts for the shared editor). */
export function ownScreenDefinition(def: AnyDefinition): ScreenDefinition {
  if (!def.screens) throw new Error(`${def.name}: a definição não tem textos de tela (screens).`);
  return def as ScreenDefinition;
}

/**
 * A new record's form: the definition's starting values, and the create URL's presets
 * (`?empresa=<id>`) kept only when valid — a relation among the member's choices, a select's option.
 */
async function createEditor(args: Args, def: ScreenDefinition) {
  const url = new URL(args.request.url);
  const fieldOf = (name: string) => def.fields.find((f) => f.name === name);
  const asked = Object.entries(def.screens.presets ?? {}).map(([param, field]) => [field, url.searchParams.get(param) ?? ""] as const);
  const relationPresets = Object.fromEntries(asked.filter(([field]) => fieldOf(field)?.kind === "relation"));
  // One round trip: the relation fields' first choices plus the preset ones.
  const { relations } = await formLoader(args, def, undefined, relationPresets);
  const values: FormValues = { ...def.screens.newValues };
  for (const [field, value] of asked) {
    const f = fieldOf(field);
    const valid = f?.kind === "relation" ? relations[field]?.some((o) => o.id === value) : f?.options?.some((o) => o.value === value);
    values[field] = valid ? value : (def.screens.newValues?.[field] ?? "");
  }
  const back = returnAddress(args.request);
  const frame = editorFrame(def, null);
  return {
    ...frame,
    // Opened from another form's "Cadastrar novo …": Cancelar goes back there.
    cancelHref: back ? fillReturn(back, null) : frame.cancelHref,
    values,
    relations,
    relationCreate: createLinks(args.request, def, requireOrg(args.context, args.request).org.role),
  };
}

/** An existing record's form: the record and its relation fields' choices in one round trip. */
async function editEditor(args: Args, def: ScreenDefinition, id: string) {
  const { row, relations } = await formLoader<{ id: string }>(args, def, id);
  const found = row as { id: string };
  return { ...editorFrame(def, found), values: formValuesFromRow(def, found, orgTimeZone(args.context, args.request)), relations };
}

/** What the shared editor shows: a new record's form, or the record `id`'s. */
export function editorLoader(args: Args, def: ScreenDefinition, id: string | undefined) {
  return id === undefined ? createEditor(args, def) : editEditor(args, def, id);
}
